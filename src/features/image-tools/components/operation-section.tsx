import { makeStyles, mergeClasses, Switch } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  section: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '6px', paddingBottom: '6px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px' },
  step: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '22px',
    height: '22px',
    borderRadius: '50%',
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
  },
  stepOn: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  switch: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  body: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '6px 0 10px 30px' },
});

interface OperationSectionProps {
  /** Position in the fixed order, shown as a step number. */
  step: number;
  title: string;
  enabled: boolean;
  onToggle: (on: boolean) => void;
  children: ReactNode;
  testId: string;
}

/** One switchable operation: a switch with its name, and its settings while it is on. */
export function OperationSection({ step, title, enabled, onToggle, children, testId }: OperationSectionProps) {
  const styles = useStyles();
  return (
    <section className={styles.section} data-testid={testId}>
      <div className={styles.head}>
        <span className={mergeClasses(styles.step, enabled && styles.stepOn)} aria-hidden>
          {step}
        </span>
        <Switch className={styles.switch} label={title} checked={enabled} onChange={(_e, data) => onToggle(data.checked)} />
      </div>
      {enabled && <div className={styles.body}>{children}</div>}
    </section>
  );
}
