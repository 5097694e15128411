import { Outlet } from 'react-router';

/** The root of every route; the place for what all screens share (the next issue adds the idle-session dialog). */
export function RootLayout() {
  return <Outlet />;
}
