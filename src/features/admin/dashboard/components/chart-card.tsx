import { makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import type { ReactNode } from 'react';
import { useId } from 'react';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minWidth: 0,
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0 },
  // The chart takes the card's width; ResponsiveContainer passes it on when the card resizes.
  chart: { position: 'relative', width: '100%', minWidth: 0, overflow: 'hidden' },
  // Read by screen readers, not shown: the same figures as the chart (see docs/admin-dashboard.md).
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    border: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

export interface FigureTable {
  /** Column headers, already translated. */
  columns: string[];
  /** One row per point: its label, then its figures, already formatted. */
  rows: { key: string; cells: string[] }[];
}

/** A chart in a card under its heading, with its figures also as a table for screen readers. */
export function ChartCard({ id, title, table, height, children }: { id: string; title: string; table: FigureTable; height: number; children: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`chart-${id}`}>
      <Text as="h2" size={400} weight="semibold" id={headingId} className={styles.title}>
        {title}
      </Text>
      <div className={styles.chart} style={{ height }} data-testid={`chart-${id}-plot`}>
        {children}
      </div>
      <div className={styles.visuallyHidden}>
        <Table aria-label={title} size="small" data-testid={`chart-${id}-table`}>
          <TableHeader>
            <TableRow>
              {table.columns.map((c) => (
                <TableHeaderCell key={c}>{c}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={row.key}>
                {row.cells.map((cell, i) => (
                  <TableCell key={i}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
