/**
 * The current school (SPEC §1: the first client). A multi-tenant learner gets a menu of their schools;
 * choosing one dispatches schoolSwitched.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { sameClientId } from '../../../common/clients';
import { useAppDispatch, useAppSelector } from '../hooks';
import { schoolSwitched, selectClients, selectCurrentSchool, selectIsMultiTenant } from '../../features/auth';
import { SchoolIcon } from './icons';

export function SchoolSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const dispatch = useAppDispatch();
  const school = useAppSelector(selectCurrentSchool);
  const clients = useAppSelector(selectClients);
  const multi = useAppSelector(selectIsMultiTenant);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (!school) return null;
  if (!multi) {
    return (
      <Typography
        variant="body2"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: 220, overflow: 'hidden', whiteSpace: 'nowrap' }}
        title={school.clientName}
      >
        <SchoolIcon fontSize="small" />
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{school.clientName}</span>
      </Typography>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<SchoolIcon fontSize="small" />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={`School: ${school.clientName}. Switch school`}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'inline-block' }}
      >
        {school.clientName}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {clients.map((client) => {
          const current = sameClientId(client.lsclientID, school.lsclientID);
          return (
            <MenuItem
              key={client.lsclientID}
              selected={current}
              onClick={() => {
                setAnchor(null);
                if (!current) dispatch(schoolSwitched({ lsclientID: client.lsclientID }));
                onSwitched?.();
              }}
            >
              {client.clientName}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
