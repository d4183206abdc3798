import { makeStyles, mergeClasses } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    width: '100%',
    maxWidth: '1200px',
    marginLeft: 'auto',
    marginRight: 'auto',
    paddingLeft: '20px',
    paddingRight: '20px',
    boxSizing: 'border-box',
  },
});

/** The centred content column every page uses, so edges line up with the header. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  const styles = useStyles();
  return <div className={mergeClasses(styles.root, className)}>{children}</div>;
}
