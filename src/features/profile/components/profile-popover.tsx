import { makeStyles, Popover, PopoverSurface } from '@fluentui/react-components';
import type { UserInfo } from '@contracts/user';
import { ProfilePopoverContent } from './profile-popover-content';

const useStyles = makeStyles({ surface: { padding: 0, width: '300px' } });

interface Props {
  user: UserInfo;
  target: HTMLElement | null;
  onClose: () => void;
}

/** Fluent's popover anchored to the header avatar; lives in its own chunk. */
export function ProfilePopover({ user, target, onClose }: Props) {
  const styles = useStyles();
  return (
    <Popover
      open
      onOpenChange={(_e, data) => !data.open && onClose()}
      positioning={{ target, position: 'below', align: 'end' }}
      withArrow
      trapFocus
    >
      <PopoverSurface className={styles.surface}>
        <ProfilePopoverContent user={user} onDone={onClose} />
      </PopoverSurface>
    </Popover>
  );
}
