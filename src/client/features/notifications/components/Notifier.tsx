/**
 * The one bridge from notifications-as-data to the screen (notistack's redux example): every pending
 * notification is shown once — top-right by default, bottom-centre for the support area — then
 * reported with notificationShown(id). One of a `group` closes the group's previous one.
 */
import { useEffect, useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, useSnackbar, type VariantType } from 'notistack';
import { TOAST_POSITION_DEFAULT, TOAST_POSITION_SUPPORT, type NotificationSeverity } from '../../../../common/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notificationShown } from '../slice';
import { selectPendingNotifications } from '../selectors';

const VARIANT: Record<NotificationSeverity, VariantType> = {
  success: 'success',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

/**
 * notistack's default success / info / warning greens, blues and oranges under white text miss
 * WCAG AA (4.5:1); these darker shades pass (axe color-contrast), error keeps its own.
 */
const AccessibleContent = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
}));
export const toastComponents = {
  default: AccessibleContent,
  success: AccessibleContent,
  info: AccessibleContent,
  warning: AccessibleContent,
  error: AccessibleContent,
};

export function Notifier() {
  const pending = useAppSelector(selectPendingNotifications);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // the toast layer mounts with the first notification already pending (App.tsx); StrictMode runs
  // this effect twice on mount: each notification is enqueued once however often the effect runs
  const enqueued = useRef(new Set<string>());
  // a notification of a group replaces the group's previous one still on screen (SPEC §4's `group`):
  // a request that failed and then went through shows the outcome, not both
  const shownOfGroup = useRef(new Map<string, string>());

  useEffect(() => {
    for (const n of pending) {
      if (enqueued.current.has(n.id)) continue;
      enqueued.current.add(n.id);
      if (n.group !== undefined) {
        const previous = shownOfGroup.current.get(n.group);
        if (previous !== undefined) closeSnackbar(previous);
        shownOfGroup.current.set(n.group, n.id);
      }
      const message = n.detail ? `${n.summary}: ${n.detail}` : n.summary;
      enqueueSnackbar(message, {
        key: n.id,
        variant: VARIANT[n.severity],
        autoHideDuration: n.life > 0 ? n.life : null,
        persist: n.life <= 0,
        anchorOrigin: n.position === 'support' ? TOAST_POSITION_SUPPORT : TOAST_POSITION_DEFAULT,
        preventDuplicate: false,
        action: n.closable
          ? (key) => (
              <IconButton size="small" color="inherit" aria-label="Close notification" onClick={() => closeSnackbar(key)}>
                <SvgIcon fontSize="small">
                  <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
                </SvgIcon>
              </IconButton>
            )
          : undefined,
      });
      dispatch(notificationShown(n.id));
    }
  }, [pending, enqueueSnackbar, closeSnackbar, dispatch]);

  return null;
}
