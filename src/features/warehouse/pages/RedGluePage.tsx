/** The red glue screen (红胶管理, /warehouse/red-glue): its containers (AuxContainerScreen). */
import { redGluePage } from '../../../shared/pages/red-glue';
import { AuxContainerScreen } from '../components/AuxContainerScreen';

export default function RedGluePage() {
  return <AuxContainerScreen listRoute={redGluePage.link} />;
}
