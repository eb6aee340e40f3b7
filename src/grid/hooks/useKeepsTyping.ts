/**
 * A form dialog that keeps what the user typed: a click beside it never closes it, and Escape closes it only
 * while nothing in it has been changed. Escape also closes a field's own list (suggestions, a date panel), and a
 * second press must not throw away a form filled in by hand. Spread `formProps` on the ModalForm and
 * `modalProps` into its modalProps.
 */
import { useState } from 'react';

export function useKeepsTyping(open: boolean) {
  const [edited, setEdited] = useState(false);
  // A dialog opened again starts unchanged (state adjusted while rendering, as React advises over an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setEdited(false);
  }
  return {
    formProps: { onValuesChange: () => setEdited(true) },
    modalProps: { keyboard: !edited, maskClosable: false },
  };
}
