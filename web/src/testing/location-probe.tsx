import { useLocation, useNavigationType } from 'react-router';

/** Shows where the router is and how it got there, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <>
      <span data-testid="location">{location.pathname + location.search}</span>
      <span data-testid="navigation-type">{navigationType}</span>
    </>
  );
}
