/**
 * SPEC §4's expiry dialog without MUI's Dialog, part of the entry chunk: shown only while the real
 * one's code (SessionExpiryDialog, loaded on demand) could not be downloaded, so a failed download
 * never costs the student the warning (WCAG 2.2.1). Same question, same buttons, same actions;
 * an alertdialog over the page, focus on 'Stay Signed In', Escape is no choice.
 */
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { signOutNowChosen, staySignedInChosen } from '../slice';

const TITLE_ID = 'basic-session-expiry-title';
const TEXT_ID = 'basic-session-expiry-text';

const button = {
  font: 'inherit',
  fontWeight: 600,
  padding: '8px 16px',
  borderRadius: 4,
  cursor: 'pointer',
  border: '1px solid #1565c0',
} as const;

export function BasicExpiryDialog() {
  const dispatch = useAppDispatch();
  const t = useT();
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    stay.current?.focus();
  }, []);
  return (
    <div style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.5)', display: 'grid', placeItems: 'center', zIndex: 1400 }}>
      <div
        role="alertdialog"
                aria-labelledby={TITLE_ID}
        aria-describedby={TEXT_ID}
        style={{ background: '#fff', color: 'rgba(0, 0, 0, 0.87)', borderRadius: 4, padding: 24, maxWidth: 440, margin: 16 }}
      >
        <h2 id={TITLE_ID} style={{ margin: '0 0 16px', fontSize: '1.25rem', fontWeight: 500 }}>
          {t('session.dialog.title')}
        </h2>
        <p id={TEXT_ID} style={{ margin: '0 0 24px' }}>
          {t('session.dialog.text')}
        </p>
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <button type="button" style={{ ...button, background: '#fff', color: '#1565c0' }} onClick={() => dispatch(signOutNowChosen())}>
            {t('session.dialog.signOut')}
          </button>
          <button type="button" ref={stay} style={{ ...button, background: '#1565c0', color: '#fff' }} onClick={() => dispatch(staySignedInChosen())}>
            {t('session.dialog.stay')}
          </button>
        </div>
      </div>
    </div>
  );
}
