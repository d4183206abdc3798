import { Badge, Button, makeStyles, Spinner, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { AddCircleRegular, ArrowLeftRegular, LockClosedRegular, LockOpenRegular, PersonRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminUserDetail } from '@contracts/admin/users';
import { EmptyState } from '../../../../lib/components/empty-state';
import { MEDIA } from '../../../../lib/constants';
import { userInfoAtom } from '../../../../lib/session';
import { adminFetcher } from '../../common/admin-api';
import { useAdminCardStyles } from '../../common/admin-page';
import { formatTime, userPath } from '../api';
import { AccountStateDialog } from './account-state-dialog';
import { GrantDialog } from './grant-dialog';
import { OrdersTable, QuotasTable, UsageTables } from './user-tables';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  title: { marginRight: 'auto', overflowWrap: 'anywhere' },
  meta: { display: 'block', color: tokens.colorNeutralForeground3, margin: '4px 0 12px', overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginBottom: '8px' },
  section: { marginTop: '20px' },
  back: { [MEDIA.fromLg]: { display: 'none' } },
});

interface Props {
  id: string | null;
  /** The list changes too (enabled or disabled). */
  onChanged: () => void;
  onBack: () => void;
}

/** One account: who, its state, "Grant quota" and "Disable/Enable", then its quotas, orders and usage. */
export function UserDetail({ id, onChanged, onBack }: Props) {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const me = useAtomValue(userInfoAtom);
  const { data, error, isLoading, mutate } = useSWR<AdminUserDetail, unknown>(id ? userPath(id, i18n.language) : null, adminFetcher, { keepPreviousData: true });
  const [dialog, setDialog] = useState<'grant' | 'state' | null>(null);
  // A fresh grant form each time it opens; the dialogs stay mounted so that Fluent closes them (focus, aria-hidden) itself.
  const [grantRound, setGrantRound] = useState(0);

  if (!id) {
    return (
      <div className={card.card}>
        <EmptyState icon={<PersonRegular />} title={t('adminSupport.detail.choose')} />
      </div>
    );
  }
  const user = data?.user.id === id ? data.user : undefined;
  const isMe = user !== undefined && me?.userId === user.userId;
  return (
    <section className={card.card} aria-labelledby="user-detail-title" data-testid="user-detail">
      <Button appearance="subtle" icon={<ArrowLeftRegular />} className={styles.back} onClick={onBack}>
        {t('adminSupport.conversation.back')}
      </Button>
      {isLoading && !user && <Spinner label={t('common.loading')} />}
      {Boolean(error) && !user && <Text role="alert">{t('adminSupport.detail.loadError')}</Text>}
      {data && user && (
        <>
          <div className={styles.head}>
            <Text as="h2" id="user-detail-title" size={500} weight="semibold" className={styles.title}>
              {user.userId}
            </Text>
            <Badge appearance="tint" color={user.disabled ? 'danger' : 'success'} data-testid="account-state">
              {t(user.disabled ? 'adminSupport.users.statuses.disabled' : 'adminSupport.users.statuses.enabled')}
            </Badge>
            <Badge appearance="outline">{t(user.mgr ? 'adminSupport.users.roles.manager' : 'adminSupport.users.roles.user')}</Badge>
          </div>
          <Text size={200} className={styles.meta}>
            {[user.email, user.name, formatTime(user.createTime, i18n.language)].filter(Boolean).join(' · ')}
            {user.disabledAt && ` · ${t('adminSupport.detail.disabledSince', { date: formatTime(user.disabledAt, i18n.language) })}`}
            {isMe && ` · ${t('adminSupport.detail.you')}`}
          </Text>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              icon={<AddCircleRegular />}
              onClick={() => {
                setGrantRound((n) => n + 1);
                setDialog('grant');
              }}
            >
              {t('adminSupport.detail.grant')}
            </Button>
            <Button icon={user.disabled ? <LockOpenRegular /> : <LockClosedRegular />} disabled={isMe && !user.disabled} onClick={() => setDialog('state')}>
              {t(user.disabled ? 'adminSupport.detail.enable' : 'adminSupport.detail.disable')}
            </Button>
          </div>
          <section className={styles.section} aria-labelledby="user-quotas">
            <Text as="h3" id="user-quotas" weight="semibold">
              {t('adminSupport.detail.quotas')}
            </Text>
            <QuotasTable quotas={data.quotas} />
          </section>
          <section className={styles.section} aria-labelledby="user-orders">
            <Text as="h3" id="user-orders" weight="semibold">
              {t('adminSupport.detail.orders')}
            </Text>
            <OrdersTable orders={data.orders} />
          </section>
          <section className={styles.section} aria-labelledby="user-usage">
            <Text as="h3" id="user-usage" weight="semibold">
              {t('adminSupport.detail.usage')}
            </Text>
            <UsageTables usage={data.usage} />
          </section>
          {grantRound > 0 && (
            <GrantDialog
              key={grantRound}
              open={dialog === 'grant'}
              user={user}
              products={data.products}
              onClose={() => setDialog(null)}
              onGranted={async (next) => {
                await mutate(next, { revalidate: false });
                setDialog(null);
              }}
            />
          )}
          <AccountStateDialog
            open={dialog === 'state'}
            user={user}
            onClose={() => setDialog(null)}
            onDone={async () => {
              setDialog(null);
              await mutate();
              onChanged();
            }}
          />
        </>
      )}
    </section>
  );
}
