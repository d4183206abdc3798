import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { CheckmarkCircleFilled, CircleSmallFilled, CloudRegular, LaptopRegular, TicketDiagonalRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';
import type { Offering } from '../../../lib/offerings';

const useStyles = makeStyles({
  section: { marginBottom: '36px' },
  heading: { display: 'block', marginBottom: '14px' },
  points: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: '10px',
  },
  point: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '12px 14px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  pointIcon: { color: tokens.colorBrandForeground1, fontSize: '18px', flexShrink: 0 },
  runs: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '16px', [MEDIA.belowSm]: { gridTemplateColumns: '1fr' } },
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '20px 22px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  boxHead: { display: 'flex', alignItems: 'center', gap: '10px' },
  boxIcon: { color: tokens.colorBrandForeground1, fontSize: '22px' },
  boxText: { color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
});

function Box({ icon, title, body, testId }: { icon: ReactNode; title: string; body: string; testId: string }) {
  const styles = useStyles();
  return (
    <div className={styles.box} data-testid={testId}>
      <div className={styles.boxHead}>
        <span className={styles.boxIcon} aria-hidden>
          {icon}
        </span>
        <Text as="h3" size={400} weight="semibold">
          {title}
        </Text>
      </div>
      <Text className={styles.boxText}>{body}</Text>
    </div>
  );
}

/** What it does, where it runs (device and server) and what it costs in quota. */
export function DetailSections({ offering }: { offering: Offering }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const key = `detail.offerings.${offering.id}`;
  const points = t(`${key}.points`, { returnObjects: true }) as unknown as string[];
  // A check mark promises a working feature: only a fully available offering shows them.
  const PointIcon = offering.availability === 'available' ? CheckmarkCircleFilled : CircleSmallFilled;
  return (
    <>
      <section className={styles.section} aria-labelledby="detail-does">
        <Text as="h2" id="detail-does" size={600} weight="semibold" className={styles.heading}>
          {t('detail.sections.does')}
        </Text>
        <ul className={styles.points}>
          {points.map((point) => (
            <li key={point} className={styles.point}>
              <PointIcon className={styles.pointIcon} aria-hidden />
              {point}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="detail-runs">
        <Text as="h2" id="detail-runs" size={600} weight="semibold" className={styles.heading}>
          {t('detail.sections.runs')}
        </Text>
        <div className={styles.runs}>
          <Box icon={<LaptopRegular />} title={t('detail.sections.device')} body={t(`${key}.device`)} testId="detail-device" />
          <Box icon={<CloudRegular />} title={t('detail.sections.server')} body={t(`${key}.server`)} testId="detail-server" />
        </div>
      </section>
      <section className={styles.section} aria-labelledby="detail-cost">
        <Text as="h2" id="detail-cost" size={600} weight="semibold" className={styles.heading}>
          {t('detail.sections.cost')}
        </Text>
        <div className={styles.box} data-testid="detail-cost">
          <div className={styles.boxHead}>
            <TicketDiagonalRegular className={styles.boxIcon} aria-hidden />
            <Text className={styles.boxText}>{t(`${key}.cost`)}</Text>
          </div>
        </div>
      </section>
    </>
  );
}
