//! The console's overview: the marketplace's figures at a glance.

use axum::{Json, extract::State};
use chrono::{Datelike, FixedOffset, TimeZone};
use mtaani_proto::{accounts::v1 as accounts, catalog::v1 as catalog, messaging::v1 as messaging};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, auth::AuthUser, error::ApiResult};

/// This area's routes, each registered once: `routes!` reads the method and path of each handler
/// from its `#[utoipa::path]`, which documents it in the OpenAPI document too.
pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(overview))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PackageRevenue)]
pub struct RevenueJson {
    pub package_id: String,
    pub name: String,
    /// Ksh.
    pub amount: i64,
    pub payments: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminOverview)]
pub struct OverviewJson {
    pub listings_visible: i64,
    pub listings_hidden: i64,
    pub new_sellers_this_week: i64,
    pub bookings_this_week: i64,
    pub revenue_this_month: Vec<RevenueJson>,
    /// Ksh, every package.
    pub revenue_this_month_total: i64,
    pub payments_pending: i64,
    pub open_reports: i64,
    pub unanswered_messages: i64,
}

/// Monday 00:00 and the 1st 00:00 of this week and month, in Nairobi (UTC+3, no summer time).
fn week_and_month_start(now: chrono::DateTime<chrono::Utc>) -> (i64, i64) {
    let nairobi = FixedOffset::east_opt(3 * 3600).expect("a valid offset");
    let local = now.with_timezone(&nairobi).date_naive();
    let monday = local - chrono::Days::new(u64::from(local.weekday().num_days_from_monday()));
    let first = local.with_day(1).unwrap_or(local);
    let midnight = |d: chrono::NaiveDate| {
        nairobi.from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap_or_default()).single().map_or(0, |t| t.timestamp())
    };
    (midnight(monday), midnight(first))
}

/// The marketplace at a glance: listings visible and hidden, new sellers and bookings this week
/// (Monday, Nairobi), subscription revenue this month by package, payments pending, open reports,
/// unanswered messages.
#[utoipa::path(
    get,
    path = "/api/admin/overview",
    tag = "admin",
    operation_id = "adminOverview",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The figures", body = OverviewJson),
        (status = 401, response = crate::routes::doc::Unauthorized),
        (status = 403, response = crate::routes::doc::Forbidden),
        crate::routes::doc::ServiceErrors,
    ),
)]
async fn overview(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<OverviewJson>> {
    user.require_admin()?;
    let (week, month) = week_and_month_start(chrono::Utc::now());
    let b = &state.backends;
    let (money, counts, bookings, messages) = tokio::try_join!(
        b.read(
            &b.accounts,
            accounts::AdminOverviewRequest { week_start: week, month_start: month },
            |mut c, r| async move { c.admin_overview(r).await }
        ),
        b.read(&b.catalog, catalog::CatalogCountsRequest { seller_ids: vec![] }, |mut c, r| async move {
            c.catalog_counts(r).await
        }),
        b.read(
            &b.booking,
            mtaani_proto::booking::v1::CountAppointmentsRequest { since: week },
            |mut c, r| async move { c.count_appointments(r).await }
        ),
        b.read(
            &b.messaging,
            messaging::ListContactMessagesRequest { status: "new".into(), limit: 1, offset: 0 },
            |mut c, r| async move { c.list_contact_messages(r).await }
        ),
    )?;
    let revenue: Vec<RevenueJson> = money
        .revenue_this_month
        .into_iter()
        .map(|p| RevenueJson { package_id: p.package_id, name: p.name, amount: p.amount, payments: p.payments })
        .collect();
    Ok(Json(OverviewJson {
        listings_visible: counts.visible,
        listings_hidden: counts.hidden,
        new_sellers_this_week: money.new_sellers_this_week,
        bookings_this_week: bookings.count,
        revenue_this_month_total: revenue.iter().map(|r| r.amount).sum(),
        revenue_this_month: revenue,
        payments_pending: money.payments_pending,
        open_reports: counts.open_reports,
        unanswered_messages: messages.total,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_week_starts_monday_and_the_month_on_the_first_in_nairobi() {
        // Sunday 2026-11-29 22:30 UTC is Monday 30 November 01:30 in Nairobi.
        let now = chrono::Utc.with_ymd_and_hms(2026, 11, 29, 22, 30, 0).unwrap();
        let (week, month) = week_and_month_start(now);
        assert_eq!(week, chrono::Utc.with_ymd_and_hms(2026, 11, 29, 21, 0, 0).unwrap().timestamp());
        assert_eq!(month, chrono::Utc.with_ymd_and_hms(2026, 10, 31, 21, 0, 0).unwrap().timestamp());
    }
}
