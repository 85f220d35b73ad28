/**
 * SettingsPage.tsx still imports the shared parts by this name; they live in AdminFrame.tsx and
 * ../hooks.ts. Importing this file also registers the area for that page. Once its import points at
 * those files (and it calls registerArea itself, as the other pages do), this file can go.
 */
import { registerArea } from '../../../app/areas';
import { schoolAdminArea } from '../area';

registerArea(schoolAdminArea);

export { AdminFrame, LoadFailed } from './AdminFrame';
export { useAct, useAdminResource } from '../hooks';
