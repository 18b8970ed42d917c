import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { Button } from '#web/components/ui/button';
import { toast, toastError } from '#web/components/ui/toast-store';
import {
  useAdminPartnerApplications,
  useAdminUserProfiles,
  useAdminVolunteerApplications,
  useSetVolunteerApproval,
} from '#web/features/admin/api/admin-lists';
import { removeAdminQueries, useAdminLogout } from '#web/features/admin/api/admin-session';
import { useAdminOpenReports, useResolveReport } from '#web/features/admin/api/admin-reports';
import { markJustSuspended } from '#web/features/admin/components/just-suspended';
import { useLiftSuspension } from '#web/features/admin/components/lift-suspension';
import { ReportCard } from '#web/features/admin/components/report-card';
import { useAdminTeam } from '#web/features/admin/api/team';
import { clearAdminFlag, hasAdminFlag } from '#web/features/admin/admin-flag';
import { AdminSection } from '#web/features/admin/components/admin-section';
import { AdminStories } from '#web/features/admin/components/admin-stories';
import { PartnerApplicationCard } from '#web/features/admin/components/partner-application-card';
import { UserProfileCard } from '#web/features/admin/components/user-profile-card';
import { VolunteerApplicationCard } from '#web/features/admin/components/volunteer-application-card';
import { NeedsAction } from '#web/features/admin/components/needs-action';
import { LaunchChecklist } from '#web/features/admin/components/launch-checklist';
import { RoleToggles } from '#web/features/admin/components/role-toggles';
import { SiteContentSection } from '#web/features/admin/components/site-content-form';
import { TeamInviteForm } from '#web/features/admin/components/team-invite-form';
import { PendingInvitations } from '#web/features/admin/components/pending-invitations';
import { PagedAdminSection } from '#web/features/admin/components/paged-admin-section';
import { useListFilters } from '#web/features/admin/use-list-filters';
import { adminProfileStatuses, volunteerApplicationStatuses, type AdminProfileStatus, type VolunteerApplicationStatus } from '#domain/staff/list-query';
import { isSignedOut } from '#web/lib/api';

function AdminDashboard() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const profileFilters = useListFilters<AdminProfileStatus>();
  const volunteerFilters = useListFilters<VolunteerApplicationStatus>();
  const userProfiles = useAdminUserProfiles(profileFilters.params);
  const partnerApplications = useAdminPartnerApplications();
  const volunteerApplications = useAdminVolunteerApplications(volunteerFilters.params);
  const approval = useSetVolunteerApproval();
  const openReports = useAdminOpenReports();
  const resolve = useResolveReport();
  const { lift } = useLiftSuspension();
  const team = useAdminTeam();
  const logout = useAdminLogout();

  // The server session is the authority: when it no longer has admin rights, sign in again.
  const sessionEnded = [userProfiles.error, partnerApplications.error, volunteerApplications.error, approval.error, openReports.error, resolve.error, team.error].some(
    isSignedOut,
  );
  useEffect(() => {
    // After Logout the flag is already gone: nothing to announce.
    if (!sessionEnded || !hasAdminFlag()) return;
    clearAdminFlag();
    toastError(t('admin.dashboard.sessionEndedTitle'), t('admin.dashboard.sessionEnded'));
    navigate('/admin-login', { replace: true });
    removeAdminQueries(queryClient);
  }, [sessionEnded, queryClient, navigate, t]);

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => {
        clearAdminFlag();
        navigate('/');
        removeAdminQueries(queryClient);
      },
      onError: () => toastError(t('admin.toasts.errorTitle'), t('admin.dashboard.logoutFailed')),
    });
  }

  function handleSetApproved(id: string, approved: boolean) {
    approval.mutate(
      { id, approved },
      {
        onSuccess: () => toast({ title: t('admin.toasts.successTitle'), description: t('admin.toasts.statusUpdated') }),
        onError: (error) => {
          if (isSignedOut(error)) return;
          toastError(t('admin.toasts.errorTitle'), t('admin.toasts.statusFailed'));
        },
      },
    );
  }

  function handleReviewVolunteers() {
    volunteerFilters.setStatus('pending');
    document.getElementById('admin-volunteer-applications')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    document.getElementById('admin-volunteer-applications-title')?.focus();
  }

  const profileStatusOptions = adminProfileStatuses.map((value) => ({ value, label: t(`admin.userProfiles.status.${value}`) }));
  const volunteerStatusOptions = volunteerApplicationStatuses.map((value) => ({ value, label: t(`admin.volunteers.status.${value}`) }));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="font-serif text-3xl font-bold text-stone-900">{t('admin.dashboard.title')}</h1>
          <p className="mt-2 text-stone-700">{t('admin.dashboard.intro')}</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          <Button type="button" variant="secondary" onClick={handleLogout} disabled={logout.isPending}>
            <LogOut aria-hidden className="size-5" />
            {logout.isPending ? t('admin.dashboard.loggingOut') : t('admin.dashboard.logout')}
          </Button>
        </div>
      </div>

      {openReports.data && openReports.data.length > 0 ? (
        <AdminSection
          id="admin-reports"
          title={t('safety.admin.reportsTitle')}
          titleWithCount={(count) => `${t('safety.admin.reportsTitle')}: ${t('safety.admin.openCount', { count })}`}
          empty={t('safety.admin.noReports')}
          query={openReports}
          items={openReports.data}
          itemKey={(report) => report.id}
          renderItem={(report) => (
            <ReportCard
              report={report}
              deciding={resolve.isPending && resolve.variables.id === report.id}
              failed={resolve.isError && resolve.variables.id === report.id && !isSignedOut(resolve.error)}
              onResolve={(action, note, done) =>
                resolve.mutate(
                  { id: report.id, action, note: note || undefined },
                  {
                    onSuccess: (result) => {
                      done();
                      const name = report.reported.name ?? t('messages.unknownName');
                      if (action === 'suspend') markJustSuspended(result.userId);
                      // The toast says what was done; a suspension can be undone from it and from the member's card.
                      toast({
                        title: t(`safety.admin.done.${action}`),
                        description: t('safety.admin.doneAbout', { name }),
                        action:
                          action === 'suspend'
                            ? {
                                label: t('safety.admin.undo'),
                                onClick: () => void lift(result.userId, name),
                              }
                            : undefined,
                      });
                    },
                  },
                )
              }
            />
          )}
        />
      ) : null}

      {/* What members are waiting for comes first; then what the deployment still lacks. */}
      <NeedsAction onReviewVolunteers={handleReviewVolunteers} />

      <LaunchChecklist />

      <PagedAdminSection
        id="admin-volunteer-applications"
        title={t('admin.volunteers.title')}
        titleWithCount={(total) => t('admin.volunteers.titleCount', { total })}
        empty={t('admin.volunteers.empty')}
        query={volunteerApplications}
        filters={volunteerFilters}
        statuses={volunteerStatusOptions}
        controlsId="admin-volunteers"
        searchLabel={t('admin.lists.searchVolunteers')}
        pagesLabel={t('admin.lists.pagesVolunteers')}
        itemKey={(application) => application.id}
        renderItem={(application) => (
          <VolunteerApplicationCard
            application={application}
            updating={approval.isPending && approval.variables.id === application.id}
            onSetApproved={(approved) => handleSetApproved(application.id, approved)}
          />
        )}
      />
      <PagedAdminSection
        id="admin-user-profiles"
        title={t('admin.userProfiles.title')}
        titleWithCount={(total) => t('admin.userProfiles.titleCount', { total })}
        empty={t('admin.userProfiles.empty')}
        query={userProfiles}
        filters={profileFilters}
        statuses={profileStatusOptions}
        controlsId="admin-profiles"
        searchLabel={t('admin.lists.searchProfiles')}
        pagesLabel={t('admin.lists.pagesProfiles')}
        itemKey={(profile) => profile.id}
        renderItem={(profile) => <UserProfileCard profile={profile} />}
        listClassName="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
      />
      <AdminSection
        id="admin-team"
        title={t('introductions.admin.team')}
        titleWithCount={(total) => t('introductions.admin.teamCount', { total })}
        empty={t('introductions.admin.noTeam')}
        query={team}
        items={team.data}
        toolbar={
          <>
            <TeamInviteForm />
            <PendingInvitations />
          </>
        }
        itemKey={(member) => member.userId}
        renderItem={(member) => (
          <div className="space-y-2">
            <p className="break-words">
              {member.name ?? member.email} ({member.email}): {member.roles.map((role) => t(`introductions.admin.${role}`)).join(', ')}
            </p>
            <RoleToggles userId={member.userId} name={member.name ?? member.email} roles={member.roles} />
          </div>
        )}
      />
      <SiteContentSection />
      <AdminStories />
      <AdminSection
        id="admin-partner-applications"
        title={t('admin.partner.title')}
        titleWithCount={(total) => t('admin.partner.titleCount', { total })}
        empty={t('admin.partner.empty')}
        query={partnerApplications}
        items={partnerApplications.data}
        itemKey={(application) => application.id}
        renderItem={(application) => <PartnerApplicationCard application={application} />}
      />
    </div>
  );
}

/** Route /admin: without the browser's admin flag, go to /admin-login (spec §2); the server checks every call. */
export function AdminPage() {
  if (!hasAdminFlag()) return <Redirect to="/admin-login" replace />;
  return <AdminDashboard />;
}
