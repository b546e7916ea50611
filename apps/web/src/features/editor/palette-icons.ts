import type { PaletteIconName, PaletteType } from '@funnelwork/blocks';
import { paletteIconName } from '@funnelwork/blocks';
import {
  type Icon,
  IconArrowsHorizontal,
  IconBoxMultiple,
  IconChecklist,
  IconClick,
  IconClock,
  IconCode,
  IconColumns,
  IconCreditCard,
  IconForms,
  IconHeading,
  IconHelpCircle,
  IconLayoutRows,
  IconLink,
  IconListDetails,
  IconMenu2,
  IconPhoto,
  IconPlayerPlay,
  IconProgress,
  IconReceipt,
  IconSeparatorHorizontal,
  IconShare,
  IconSlideshow,
  IconSquarePlus,
  IconSquareRoundedCheck,
  IconTextSize,
  IconTransform,
} from '@tabler/icons-react';

/**
 * The icon of each name a block definition gives (`icon` in `defineBlock`), so packages/blocks stays free of
 * React icons; a definition with a new name does not compile until it is here.
 */
const ICONS: Record<PaletteIconName, Icon> = {
  'layout-rows': IconLayoutRows,
  columns: IconColumns,
  'box-multiple': IconBoxMultiple,
  'separator-horizontal': IconSeparatorHorizontal,
  heading: IconHeading,
  'text-size': IconTextSize,
  click: IconClick,
  link: IconLink,
  photo: IconPhoto,
  'player-play': IconPlayerPlay,
  'menu-2': IconMenu2,
  share: IconShare,
  code: IconCode,
  forms: IconForms,
  'square-rounded-check': IconSquareRoundedCheck,
  'arrows-horizontal': IconArrowsHorizontal,
  checklist: IconChecklist,
  'credit-card': IconCreditCard,
  receipt: IconReceipt,
  'square-plus': IconSquarePlus,
  'list-details': IconListDetails,
  clock: IconClock,
  progress: IconProgress,
  'help-circle': IconHelpCircle,
  slideshow: IconSlideshow,
  transform: IconTransform,
};

/** The palette icon of an item (and of a block of its type in the layout tree). */
export function paletteIcon(type: PaletteType): Icon {
  return ICONS[paletteIconName(type)];
}
