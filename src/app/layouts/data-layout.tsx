import { Outlet } from 'react-router-dom';
import { DataProvider } from '../../lib/components/data-provider';

/** Pathless layout giving every page but home the SWR defaults (loaded with the first such page). */
export function DataLayout() {
  return (
    <DataProvider>
      <Outlet />
    </DataProvider>
  );
}
