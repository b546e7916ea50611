import {
  Drawer,
  type DrawerProps,
  type DrawerRootProps,
  Modal,
  type ModalProps,
  type ModalRootProps,
} from '@mantine/core';
import { useFocusReturn } from './use-focus-return.ts';

/*
 * Every popup of the app is one of these: Mantine's Modal and Drawer with the focus given back to the
 * element that opened them when they close (./use-focus-return.ts), also when they are rendered already
 * open — Mantine's own return misses that case, and most popups here are mounted open (`{open && <Popup />}`).
 * The returning is done here alone, so Mantine's is switched off; `returnFocus={false}` still turns it off.
 */

function AppModalBase({ returnFocus = true, ...props }: ModalProps) {
  useFocusReturn(props.opened, returnFocus);
  return <Modal {...props} returnFocus={false} />;
}

function AppModalRoot({ returnFocus = true, ...props }: ModalRootProps) {
  useFocusReturn(props.opened, returnFocus);
  return <Modal.Root {...props} returnFocus={false} />;
}

function AppDrawerBase({ returnFocus = true, ...props }: DrawerProps) {
  useFocusReturn(props.opened, returnFocus);
  return <Drawer {...props} returnFocus={false} />;
}

function AppDrawerRoot({ returnFocus = true, ...props }: DrawerRootProps) {
  useFocusReturn(props.opened, returnFocus);
  return <Drawer.Root {...props} returnFocus={false} />;
}

/** Mantine's Modal, giving the focus back on close; `AppModal.Root` and its parts for a composed one. */
export const AppModal = Object.assign(AppModalBase, {
  Root: AppModalRoot,
  Overlay: Modal.Overlay,
  Content: Modal.Content,
  Header: Modal.Header,
  Title: Modal.Title,
  CloseButton: Modal.CloseButton,
  Body: Modal.Body,
});

/** Mantine's Drawer, giving the focus back on close; `AppDrawer.Root` and its parts for a composed one. */
export const AppDrawer = Object.assign(AppDrawerBase, {
  Root: AppDrawerRoot,
  Overlay: Drawer.Overlay,
  Content: Drawer.Content,
  Header: Drawer.Header,
  Title: Drawer.Title,
  CloseButton: Drawer.CloseButton,
  Body: Drawer.Body,
});
