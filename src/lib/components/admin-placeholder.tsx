import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../tokens';
import { WrenchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

const useStyles = makeStyles({
  title: { display: 'block', marginBottom: '4px' },
  description: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '20px' },
  card: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusXLarge, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** An admin page whose tools arrive in a later release: `page` names its texts under admin.pages. */
export function AdminPlaceholder({ page }: { page: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <section>
      <Text as="h1" size={700} weight="bold" className={styles.title}>
        {t(`admin.pages.${page}.title`)}
      </Text>
      <Text className={styles.description}>{t(`admin.pages.${page}.description`)}</Text>
      <div className={styles.card}>
        <EmptyState icon={<WrenchRegular />} title={t('admin.comingSoon.title')} description={t('admin.comingSoon.description')} />
      </div>
    </section>
  );
}
