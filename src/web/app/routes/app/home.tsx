import { useLayoutEffect } from "react";
import { NAV_ITEMS, visibleNavItems } from "@/domain/shell/navigation";
import { HomeGreeting } from "@/web/features/home/components/home-greeting";
import { SectionCards } from "@/web/features/home/components/section-cards";
import { useMe } from "@/web/lib/get-me";
import { releasePrerendered } from "@/web/lib/prerendered";

const HOME_PATH = NAV_ITEMS[0]?.path ?? "/";

/** Spec §1 and §2 home. */
export default function HomeRoute() {
  const { data } = useMe();
  // The same markup as the server's drawing of / (app/first-pages/prerender-home.tsx), which goes in this commit.
  useLayoutEffect(releasePrerendered, []);
  const sections = visibleNavItems(data?.access).filter((item) => item.path !== HOME_PATH);
  return (
    <div className="flex flex-col gap-8">
      <HomeGreeting name={data?.user.name} />
      <section aria-labelledby="home-sections-title" className="flex flex-col gap-4">
        <h2
          id="home-sections-title"
          className="text-sm font-medium tracking-wide text-muted-foreground uppercase"
        >
          O que você precisa hoje?
        </h2>
        <SectionCards items={sections} />
      </section>
    </div>
  );
}
