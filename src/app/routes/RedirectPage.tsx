import { Navigate, useLocation, useParams } from 'react-router-dom';

/**
 * The hidden `redirect/{route*}` route (spec §2): replaces itself with `/{route*}`, query and hash
 * kept, so a link or a child app can ask the shell to show a page without adding a history entry.
 */
export function RedirectPage() {
  const { '*': target = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${target}${search}${hash}`} replace />;
}
