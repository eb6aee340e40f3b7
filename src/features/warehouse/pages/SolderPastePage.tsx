/** The solder paste screen (锡膏管理, /warehouse/solder-paste): its containers (AuxContainerScreen). */
import { solderPastePage } from '../../../shared/pages/solder-paste';
import { AuxContainerScreen } from '../components/AuxContainerScreen';

export default function SolderPastePage() {
  return <AuxContainerScreen listRoute={solderPastePage.link} />;
}
