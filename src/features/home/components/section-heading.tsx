import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTextStyles } from '../../../lib/components/text-styles';

const useStyles = makeStyles({
  root: { textAlign: 'center', maxWidth: '720px', margin: '0 auto 40px' },
  eyebrow: {
    display: 'block',
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    fontSize: tokens.fontSizeBase200,
    marginBottom: '8px',
  },
  title: { display: 'block', marginBottom: '12px', letterSpacing: '-0.01em' },
  lead: { color: tokens.colorNeutralForeground2 },
});

export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead?: string }) {
  const styles = useStyles();
  const text = useTextStyles();
  return (
    <div className={styles.root}>
      <span className={styles.eyebrow}>{eyebrow}</span>
      <h2 id={id} className={mergeClasses(text.title, styles.title)}>
        {title}
      </h2>
      {lead && <p className={mergeClasses(text.lead, styles.lead)}>{lead}</p>}
    </div>
  );
}
