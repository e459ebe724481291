import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { PRIMITIVES, type PrimitiveName, type Style } from "../primitives";

/**
 * Turns a template's tree into one renderer's elements. Template components
 * are called as plain functions (they are pure), primitives are handed to the
 * target, everything else is refused – so a template cannot use an element
 * that only one renderer understands.
 */
export interface LoweringTarget {
  build(name: PrimitiveName, props: Record<string, unknown> & { style?: Style }, children: ReactNode[], inText: boolean): ReactNode;
}

const primitiveNames = new Map<unknown, PrimitiveName>(Object.entries(PRIMITIVES).map(([name, fn]) => [fn, name as PrimitiveName]));

export function lower(node: ReactNode, target: LoweringTarget, inText = false): ReactNode[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (Array.isArray(node)) return joinText(node.flatMap((child: ReactNode) => lower(child, target, inText)));
  if (!isValidElement(node)) throw new Error(`A document template returned something that is not an element: ${String(node)}`);
  const element = node as ReactElement<Record<string, unknown> & { children?: ReactNode }>;
  const { children, ...props } = element.props;
  if (element.type === Fragment) return lower(children, target, inText);
  const name = primitiveNames.get(element.type);
  if (name) {
    const lowered = lower(children, target, inText || name === "Text");
    return [target.build(name, props, lowered, inText)];
  }
  if (typeof element.type === "function") {
    return lower((element.type as (p: unknown) => ReactNode)(element.props), target, inText);
  }
  throw new Error(`<${String(element.type)}> is not a document primitive; use Page, Box, Text, Svg, Path, Circle, Rect or Image`);
}

/** "Hej " + name is one run of text, not two flex items. */
function joinText(nodes: ReactNode[]): ReactNode[] {
  const out: ReactNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (typeof node === "string" && typeof last === "string") out[out.length - 1] = last + node;
    else out.push(node);
  }
  return out;
}

/** Both renderers draw a border only with a style; templates give widths and colours. */
export function withBorderStyle(style: Style | undefined): Record<string, unknown> | undefined {
  if (!style) return style;
  const bordered = Object.keys(style).some((key) => /^border(Top|Bottom|Left|Right)?Width$/.test(key));
  // Sides not named get no border (satori's CSS default would be "medium").
  return bordered ? { borderStyle: "solid", borderWidth: 0, ...style } : { ...style };
}
