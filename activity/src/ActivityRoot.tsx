import { App, i18n, type SubscriptionShop } from "@pickle-garden/web";
import { useCallback, useEffect, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { isCompact, useActivityStore } from "./activityStore.ts";
import { CompactView } from "./CompactView.tsx";
import { type ActivitySession, HandshakeError, type HandshakeStep } from "./handshake.ts";
import { Party } from "./Party.tsx";

// Discord's side (its embedded SDK and the modules that call it) is a third of the activity's weight and
// is not needed to paint the start-up screen: it comes in its own chunk, requested as this module loads,
// beside the texts the first paint waits for (a failure shows when the handshake asks for it)
const loadDiscord = () =>
  Promise.all([import("./launch.ts"), import("./discordFeatures.ts"), import("./subscriptionShop.ts")]).catch(
    (error: unknown) => {
      throw new HandshakeError("serverUnreachable", String(error));
    },
  );
loadDiscord().catch(() => {});

interface Playing {
  session: ActivitySession;
  shop: SubscriptionShop;
  invite(): void;
  /** runs Discord's side of the game (participants, presence, renewal…); returns its cleanup */
  run(): () => void;
}

type Phase =
  | { kind: "starting"; step: HandshakeStep }
  | { kind: "failed"; error: HandshakeError }
  | ({ kind: "ready" } & Playing);

/**
 * The activity's page: a start-up screen while the handshake runs, a clear failure screen with a retry
 * when any step fails (never a blank frame), then web's App with the bearer session, the party and,
 * in picture-in-picture or grid, the compact view.
 */
export function ActivityRoot() {
  const [phase, setPhase] = useState<Phase>({ kind: "starting", step: "connecting" });

  const start = useCallback(async () => {
    setPhase({ kind: "starting", step: "connecting" });
    try {
      const [{ launchSdk, runActivity, signIn }, { openInvite }, { sdkShop }] = await loadDiscord();
      const launch = await launchSdk();
      const session = await signIn(launch, (step) => setPhase({ kind: "starting", step }));
      setPhase({
        kind: "ready",
        session,
        shop: sdkShop(launch.sdk, () => i18n.language),
        invite: () => void openInvite(launch.sdk),
        run: () => runActivity(launch, session, (error) => setPhase({ kind: "failed", error })),
      });
    } catch (error) {
      console.error("the activity could not start", error);
      setPhase({
        kind: "failed",
        error: error instanceof HandshakeError ? error : new HandshakeError("serverError", String(error)),
      });
    }
  }, []);

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(() => {
    if (phase.kind !== "ready") return;
    return phase.run();
  }, [phase]);

  if (phase.kind === "ready") return <Game {...phase} />;
  return (
    <I18nextProvider i18n={i18n}>
      {phase.kind === "starting" ? (
        <Starting step={phase.step} />
      ) : (
        <Failed error={phase.error} onRetry={start} />
      )}
    </I18nextProvider>
  );
}

function Starting({ step }: { step: HandshakeStep }) {
  const { t } = useTranslation("activity");
  return (
    <main className="pga-screen" role="status" aria-live="polite" data-testid="activity-starting">
      <div className="pga-screen__sprout" aria-hidden="true" />
      <h1>{t(`starting.${step}`)}</h1>
    </main>
  );
}

function Failed({ error, onRetry }: { error: HandshakeError; onRetry(): void }) {
  const { t } = useTranslation("activity");
  return (
    <main className="pga-screen" data-testid="activity-failed" data-reason={error.reason}>
      <h1>{t("failed.title")}</h1>
      <p role="alert">{t(`failed.${error.reason}`)}</p>
      {/* the reason's code for support; the error's own text (a server's or the SDK's) goes to the console */}
      <p className="pga-screen__detail">{t("failed.detail", { code: error.reason })}</p>
      <button type="button" className="pg-btn pg-btn--primary" onClick={onRetry}>
        {t("failed.retry")}
      </button>
    </main>
  );
}

function Game({ session, shop, invite }: Playing) {
  const compact = useActivityStore((s) => isCompact(s.layoutMode));
  return (
    <div className="pga" data-layout={compact ? "compact" : "focused"}>
      <div className="pga__app" inert={compact} aria-hidden={compact || undefined}>
        <App sessionToken={session.sessionToken} router="memory" shop={shop} />
      </div>
      <I18nextProvider i18n={i18n}>{compact ? <CompactView /> : <Party onInvite={invite} />}</I18nextProvider>
    </div>
  );
}
