/**
 * PDA menu configuration (spec §2 administration, menu code AdminPdaMenu): the menu and button
 * editor fixed to the PDA terminal's tree. With this screen alone the server lets the caller read
 * and change PDA menus only.
 */
import { MenuTreeEditor } from './MenusPage';

export default function PdaMenusPage() {
  return <MenuTreeEditor terminal="PDA" />;
}
