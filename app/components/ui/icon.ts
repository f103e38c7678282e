import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/** One Lucide icon's drawing, as the library's icon modules give it: its name and its SVG elements. */
export interface IconData {
  name: string;
  node: [tag: string, attributes: Record<string, string>][];
}

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  children?: ReactNode;
}

/**
 * An icon component from a Lucide icon's drawing (ADR 045): the same SVG the library draws (24 × 24, a 2-unit round
 * stroke in the text's colour), hidden from assistive technology unless it is given a label or a role, in a tenth of
 * the library's own component code. Every page loads it, so it stays this small: no context and no size
 * arithmetic, which the product does not use.
 */
export default function createIcon({ name, node }: IconData) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    { size = 24, className, children, ...rest },
    ref,
  ) {
    const labelled =
      children != null || Object.keys(rest).some((prop) => prop.startsWith("aria-") || prop === "role");
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`,
        "aria-hidden": labelled ? undefined : "true",
        ...rest,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
  Icon.displayName = name;
  return Icon;
}
