import type { BrandVariants } from '@fluentui/react-components';

/** The DocuFlow blue ramp; 80 is the primary colour (#2f5bea). */
export const brand: BrandVariants = {
  10: '#050b29',
  20: '#0e1c52',
  30: '#142870',
  40: '#1a348b',
  50: '#203ea4',
  60: '#2548bc',
  70: '#2a52d4',
  80: '#2f5bea',
  90: '#4d73ed',
  100: '#6787f0',
  110: '#7f9af3',
  120: '#97adf5',
  130: '#aebff8',
  140: '#c5d1fa',
  150: '#dbe3fd',
  160: '#f1f4ff',
};
