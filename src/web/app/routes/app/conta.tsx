import { useNavigate } from "react-router";
import { paths } from "@/web/config/paths";
import { AccountPage } from "@/web/features/account/components/account-page";
import { SubstituteSection } from "@/web/features/account/components/substitute-section";
import { NotificationPreferencesSection } from "@/web/features/notifications/components/notification-preferences";
import { PushSection } from "@/web/features/push/components/push-section";
import { useMe } from "@/web/lib/get-me";

/**
 * 'Minha conta' (ours), reached from the user's name in the top bar; members of
 * a team also choose there how they hear of new requests (decision 011) and who substitutes them
 * while they are away (decision 060); everyone may have the bell's notifications pushed to this
 * device (decision 061).
 */
export default function ContaRoute() {
  const me = useMe();
  const navigate = useNavigate();
  // The protected layout renders this page only once the user is known.
  if (!me.data) return null;
  return (
    <AccountPage
      user={me.data.user}
      onSignedOut={() => navigate(paths.auth.login.getHref(), { replace: true })}
      sections={
        <>
          {/* Everyone's: the bell's notifications on this device (decision 061). */}
          <PushSection />
          {me.data.access.caixa ? (
            <>
              <NotificationPreferencesSection />
              <SubstituteSection />
            </>
          ) : null}
        </>
      }
    />
  );
}
