import { Badge, makeStyles, Text, type BadgeProps } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { MembershipStatus } from '@contracts/statuses';
import type { MembershipInfo } from '../products-api';
import { formatDay } from '../products-format';
import { CancelMembershipDialog } from './cancel-membership-dialog';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  text: { color: tokens.colorNeutralForeground2, flexGrow: 1 },
});

const BADGE: Record<MembershipInfo['status'], BadgeProps['color']> = {
  active: 'success',
  cancelling: 'warning',
  payment_due: 'danger',
  ended: 'subtle',
};

/** Locale key segment of each status (keys are camelCase). */
const STATUS_KEY: Record<MembershipInfo['status'], string> = { active: 'active', cancelling: 'cancelling', payment_due: 'paymentDue', ended: 'ended' };

/** What each status says about the period end. */
const LINE: Record<MembershipInfo['status'], string> = {
  active: 'profile.products.membership.renewsOn',
  cancelling: 'profile.products.membership.endsOn',
  payment_due: 'profile.products.membership.paymentDue',
  ended: 'profile.products.membership.ended',
};

/** A membership's renewal state (renews on, ends on, payment due, ended) and its cancel action. */
export function MembershipState({ membership, name, onChanged }: { membership: MembershipInfo; name: string; onChanged: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const date = membership.currentPeriodEnd ? formatDay(membership.currentPeriodEnd, i18n.language) : '';
  const cancellable = !membership.cancelAtPeriodEnd && (membership.status === MembershipStatus.ACTIVE || membership.status === MembershipStatus.PAYMENT_DUE);
  return (
    <div className={styles.row} data-testid="membership-state" data-status={membership.status} data-period-end={membership.currentPeriodEnd ?? ''}>
      <Badge appearance="tint" color={BADGE[membership.status]}>
        {t(`profile.products.membership.status.${STATUS_KEY[membership.status]}`)}
      </Badge>
      <Text className={styles.text}>{t(LINE[membership.status], { date })}</Text>
      {cancellable && <CancelMembershipDialog subscriptionId={membership.subscriptionId} name={name} endDate={date} onCancelled={onChanged} />}
    </div>
  );
}
