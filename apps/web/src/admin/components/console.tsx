import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { useStaffSession } from '../api/get-me';
import { canOpen, type NavItem } from '../rules';
import '../admin.scss';
import { AdminLayout } from './admin-layout';
import { AuditScreen } from './audit-screen';
import { CaseScreen, QueueScreen } from './queue-screen';
import { DashboardScreen } from './dashboard-screen';
import { HeldScreen } from './held-screen';
import { InboxScreen, InboxThreadScreen } from './inbox-screen';
import { useConsoleLanguage } from './language-switch';
import { LoginScreen } from './login-screen';
import { MemberScreen } from './member-screen';
import { MembersScreen } from './members-screen';
import { OrderScreen, OrdersScreen } from './orders-screen';
import { PhotoReviewScreen } from './photo-review-screen';
import { VerificationScreen } from './verification-screen';
import { PageTextsScreen } from './page-texts-screen';
import { SettingsScreen } from './settings-screen';
import { ShopScreen } from './shop-screen';
import { SiteProfileScreen, SiteProfilesScreen } from './site-profiles-screen';
import { StaffContext, useStaff } from './staff-context';
import { EmptyState, ErrorState, LoadingState, ScreenHeader } from './states';
import { ToastProvider } from './toast';

/**
 * The operator console at /admin/*: outside the member site's shell (no member top bar,
 * polling, live channel or entry warning), with its own login and layout. Its sections are
 * routes of their own below /admin.
 */
export function AdminConsole() {
  useConsoleLanguage();
  return (
    <ToastProvider>
      <Routes>
        <Route path="login" element={<LoginScreen />} />
        <Route element={<StaffArea />}>
          <Route
            index
            element={
              <Section name="dashboard">
                <DashboardScreen />
              </Section>
            }
          />
          <Route
            path="members"
            element={
              <Section name="members">
                <MembersScreen />
              </Section>
            }
          />
          <Route
            path="members/:id"
            element={
              <Section name="members">
                <MemberScreen />
              </Section>
            }
          />
          <Route
            path="orders"
            element={
              <Section name="orders">
                <OrdersScreen />
              </Section>
            }
          />
          <Route
            path="orders/:id"
            element={
              <Section name="orders">
                <OrderScreen />
              </Section>
            }
          />
          <Route
            path="queue"
            element={
              <Section name="queue">
                <QueueScreen />
              </Section>
            }
          />
          <Route
            path="queue/:kind/:id"
            element={
              <Section name="queue">
                <CaseScreen />
              </Section>
            }
          />
          <Route
            path="inbox"
            element={
              <Section name="inbox">
                <InboxScreen />
              </Section>
            }
          />
          <Route
            path="inbox/:conversationId"
            element={
              <Section name="inbox">
                <InboxThreadScreen />
              </Section>
            }
          />
          <Route
            path="held"
            element={
              <Section name="held">
                <HeldScreen />
              </Section>
            }
          />
          <Route
            path="photo-review"
            element={
              <Section name="photoReview">
                <PhotoReviewScreen />
              </Section>
            }
          />
          <Route
            path="verification"
            element={
              <Section name="verification">
                <VerificationScreen />
              </Section>
            }
          />
          <Route
            path="site-profiles"
            element={
              <Section name="siteProfiles">
                <SiteProfilesScreen />
              </Section>
            }
          />
          <Route
            path="site-profiles/:id"
            element={
              <Section name="siteProfiles">
                <SiteProfileScreen />
              </Section>
            }
          />
          <Route
            path="shop/*"
            element={
              <Section name="shop">
                <ShopScreen />
              </Section>
            }
          />
          <Route
            path="settings"
            element={
              <Section name="settings">
                <SettingsScreen />
              </Section>
            }
          />
          <Route
            path="pages"
            element={
              <Section name="pages">
                <PageTextsScreen />
              </Section>
            }
          />
          <Route
            path="audit"
            element={
              <Section name="audit">
                <AuditScreen />
              </Section>
            }
          />
          <Route path="*" element={<ConsoleNotFound />} />
        </Route>
      </Routes>
    </ToastProvider>
  );
}

/** The logged-in area: without a verified staff session, the console's own login screen. */
function StaffArea() {
  const { staff, demoPayments, error, refetch } = useStaffSession();
  const location = useLocation();
  if (staff === undefined) {
    return (
      <main className="admin-login" id="admin-main">
        {error ? <ErrorState error={error} onRetry={() => void refetch()} /> : <LoadingState />}
      </main>
    );
  }
  if (staff === null) {
    return <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <StaffContext.Provider value={staff}>
      <AdminLayout staff={staff} demoPayments={demoPayments}>
        <Outlet />
      </AdminLayout>
    </StaffContext.Provider>
  );
}

/** A section only for the roles that may open it (the server refuses the rest anyway). */
function Section({ name, children }: { name: NavItem['key']; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  if (!canOpen(staff.role, name)) {
    return (
      <>
        <ScreenHeader title={t(`nav.${name}`)} />
        <EmptyState>{t('states.denied')}</EmptyState>
      </>
    );
  }
  return <>{children}</>;
}

function ConsoleNotFound() {
  const { t } = useTranslation('admin');
  return (
    <>
      <ScreenHeader title={t('states.notFoundTitle')} />
      <EmptyState>{t('states.notFound')}</EmptyState>
    </>
  );
}
