import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@contracts/user';
import { InitialsAvatar } from '../../../lib/components/initials-avatar';

const ProfilePopover = lazy(() => import('./profile-popover').then((m) => ({ default: m.ProfilePopover })));

const useStyles = makeStyles({
  trigger: {
    display: 'inline-flex',
    padding: '2px',
    border: 'none',
    borderRadius: '50%',
    background: 'none',
    cursor: 'pointer',
    ':hover': { boxShadow: `0 0 0 3px ${tokens.colorBrandBackground2}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** The header avatar; the profile popover (tabs Profile and Setting) is fetched on first click. */
export function ProfileMenuTrigger({ user }: { user: UserInfo }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = user.name || user.userId;
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label={t('nav.accountMenu', { name })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="profile-trigger"
      >
        <InitialsAvatar name={name} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfilePopover user={user} target={buttonRef.current} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
