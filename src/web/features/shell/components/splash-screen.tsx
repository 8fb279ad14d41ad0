import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { splashStatus } from "@/domain/shell/splash";
import { LogoMark } from "@/web/components/logo";
import { Progress } from "@/web/components/ui/progress";

/** Spec §2 and §9: 3000 ms, a tick every 50 ms, completion reported 500 ms after the end. */
export const SPLASH_DURATION_MS = 3000;
const TICK_MS = 50;
const EXIT_DELAY_MS = 500;

const RING_RADIUS = 44;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

export function SplashScreen({
  onComplete,
  duration = SPLASH_DURATION_MS,
}: {
  onComplete: () => void;
  duration?: number;
}) {
  const [elapsed, setElapsed] = useState(0);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  useEffect(() => {
    const startedAt = performance.now();
    const tick = setInterval(() => {
      const now = Math.min(duration, performance.now() - startedAt);
      setElapsed(now);
      if (now >= duration) clearInterval(tick);
    }, TICK_MS);
    const done = setTimeout(() => onCompleteRef.current(), duration + EXIT_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [duration]);

  const percent = Math.min(100, Math.round((elapsed / duration) * 100));
  // 3 during the first second, then 2, then 1; a check mark once the time is up.
  const secondsLeft = Math.ceil((duration - elapsed) / 1000);
  const finished = elapsed >= duration;

  return (
    <main
      data-testid="splash"
      className="bg-auth flex min-h-svh flex-col items-center justify-center px-6"
      aria-busy={!finished}
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-8 text-center">
        <div className="flex items-center gap-2.5">
          <LogoMark />
          <span className="text-lg font-semibold tracking-tight">Balcão</span>
        </div>

        <div className="relative size-28" aria-hidden="true">
          <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
            <circle
              cx="50"
              cy="50"
              r={RING_RADIUS}
              fill="none"
              strokeWidth="6"
              className="stroke-primary/15"
            />
            <circle
              cx="50"
              cy="50"
              r={RING_RADIUS}
              fill="none"
              strokeWidth="6"
              strokeLinecap="round"
              className="stroke-primary transition-[stroke-dashoffset] duration-75 ease-linear"
              strokeDasharray={RING_LENGTH}
              strokeDashoffset={RING_LENGTH * (1 - percent / 100)}
            />
          </svg>
          <div className="absolute inset-0 flex items-center justify-center">
            {finished ? (
              <span className="flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground animate-in zoom-in-50 duration-300">
                <Check className="size-8" strokeWidth={3} data-testid="splash-check" />
              </span>
            ) : (
              <span
                key={secondsLeft}
                data-testid="splash-countdown"
                className="text-5xl font-semibold tabular-nums text-primary animate-in fade-in-0 zoom-in-75 duration-300"
              >
                {secondsLeft}
              </span>
            )}
          </div>
        </div>

        <div className="flex w-full flex-col gap-3">
          <h1 id="splash-title" className="text-xl font-semibold tracking-tight">
            Carregando seu workspace...
          </h1>
          <Progress value={percent} aria-labelledby="splash-title" className="h-2.5" />
          <div className="flex items-center justify-between text-sm">
            <span className="text-muted-foreground" data-testid="splash-status">
              {splashStatus(percent)}
            </span>
            <span className="font-medium tabular-nums" data-testid="splash-percent">
              {percent}%
            </span>
          </div>
        </div>
      </div>
    </main>
  );
}
