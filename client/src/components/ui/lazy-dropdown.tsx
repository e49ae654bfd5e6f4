import {
  cloneElement,
  useState,
  type FocusEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactElement,
  type ReactNode,
} from 'react';

type TriggerProps = {
  onClick?: MouseEventHandler;
  onPointerEnter?: PointerEventHandler;
  onFocus?: FocusEventHandler;
};

/**
 * A dropdown whose menu code (Radix's menu and its positioning, ~37 KB gzip) loads on the first press
 * of its trigger, then opens at once (the menu renders with `defaultOpen`): first screens stay within
 * their JavaScript budget (ADR 0007). Until then the trigger is the same button with an onClick that
 * loads the menu's module; hovering or focusing it starts the download early. `menu` renders the menu
 * from the loaded module around the trigger it is given (made of components/ui/dropdown-menu.tsx).
 */
export function LazyDropdown<M>({
  trigger,
  load,
  menu,
}: {
  trigger: ReactElement<TriggerProps>;
  /** Imports the menu's module (the same promise each time: the bundler keeps one). */
  load: () => Promise<M>;
  menu: (module: M, trigger: ReactElement<TriggerProps>) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ m: M } | null>(null);
  const warm = () => void load();
  const plain = cloneElement(trigger, {
    onPointerEnter: warm,
    onFocus: warm,
    onClick: loaded ? undefined : () => void load().then((m) => setLoaded({ m })),
  });
  return loaded ? menu(loaded.m, plain) : plain;
}
