import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@contracts/user';
import { InitialsAvatar } from '../../../lib/components/initials-avatar';

const ProfilePopover = lazy(() => import('./profile-popover').then((m) => ({ default: m.ProfilePopover })));
/** Unread staff replies on the avatar: its own chunk, fetched only once someone is signed in. */
const FeedbackUnreadBadge = lazy(() => import('./feedback-unread-badge'));

const useStyles = makeStyles({
  trigger: {
    position: 'relative',
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

/**
 * The header avatar, with a counter of feedback conversations that have a staff reply not yet
 * seen; the profile popover (tabs Profile and Setting) is fetched on first click.
 */
export function ProfileMenuTrigger({ user }: { user: UserInfo }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unreadId = useId();
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
        aria-describedby={unreadId}
        onClick={() => setOpen((o) => !o)}
        data-testid="profile-trigger"
      >
        <InitialsAvatar name={name} />
        <Suspense fallback={null}>
          <FeedbackUnreadBadge userId={user.userId} corner describedId={unreadId} />
        </Suspense>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfilePopover user={user} target={buttonRef.current} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
