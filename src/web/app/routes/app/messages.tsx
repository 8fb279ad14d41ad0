import ComingSoonRoute from "./coming-soon";

/** Replaced by the page being built (issue 4). */
export default function Route() {
  return <ComingSoonRoute />;
}
