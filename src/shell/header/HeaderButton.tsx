import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** An icon button of the header, labelled for screen readers and with the same text as tooltip. */
export function HeaderButton({ label, icon, onClick, pressed }: { label: string; icon: ReactNode; onClick(): void; pressed?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button type="text" className="shell-header-button" aria-label={label} aria-pressed={pressed} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}
