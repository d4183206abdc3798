import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../tokens';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: { marginBottom: '24px' },
  heading: { display: 'block', marginBottom: '12px' },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: '10px',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '12px 14px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { color: tokens.colorBrandForeground1, fontSize: '18px', flexShrink: 0 },
});

/** "What this tool will do": a grid of short capability lines. */
export function CapabilityList({ heading, items }: { heading: string; items: readonly string[] }) {
  const styles = useStyles();
  return (
    <section className={styles.root}>
      <Text as="h2" size={500} weight="semibold" className={styles.heading}>
        {heading}
      </Text>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item} className={styles.item}>
            <CheckmarkCircleFilled className={styles.icon} aria-hidden />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
