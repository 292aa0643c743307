import { useState } from 'react';

/**
 * A button that shows and hides a region (the WAI-ARIA disclosure pattern): whether it is open, and the props of
 * its button (`aria-expanded`, `aria-controls` naming the region's `id`, the toggle).
 */
export function useDisclosure(regionId: string) {
  const [open, setOpen] = useState(false);
  const button = {
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': regionId,
    onClick: () => setOpen((shown) => !shown),
  };
  return [open, button] as const;
}
