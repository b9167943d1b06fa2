//! The tonic implementation of `accounts.v1.AccountsService`: each call converts its request to a
//! use case's arguments (people.rs, lifecycle.rs, payments.rs, rights.rs, admin.rs) and its answer
//! back, and a use case's error to the status callers get.

use mtaani_proto::{
    accounts::v1::{self as pb, accounts_service_server::AccountsService},
    status::{self, ErrorCode},
};
use tonic::{Request, Response, Status};

use crate::{error::Error, messages, packages::PACKAGES, service::Accounts};

/// A refusal with its text (and its field's, for a one-field refusal); a fault logged, and answered
/// with the generic text of its code.
impl From<Error> for Status {
    fn from(e: Error) -> Self {
        let (code, reason) = (e.grpc_code(), e.code());
        match e {
            Error::Invalid(v) => v.into_status(code, reason),
            fault if fault.is_fault() => {
                if reason == ErrorCode::Unavailable {
                    tracing::warn!(error = %fault, "accounts unavailable for a moment");
                } else {
                    tracing::error!(error = %fault, "accounts-svc fault");
                }
                status::fixed(code, reason)
            }
            refusal => status::refusal_on(code, reason, refusal.text(), refusal.field()),
        }
    }
}

#[tonic::async_trait]
impl AccountsService for Accounts {
    async fn list_packages(
        &self,
        _: Request<pb::ListPackagesRequest>,
    ) -> Result<Response<pb::ListPackagesResponse>, Status> {
        Ok(Response::new(pb::ListPackagesResponse { packages: PACKAGES.iter().map(Into::into).collect() }))
    }

    async fn register(&self, request: Request<pb::RegisterRequest>) -> Result<Response<pb::RegisterResponse>, Status> {
        Ok(Response::new(self.register_account(request.into_inner()).await?))
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Result<Response<pb::LoginResponse>, Status> {
        Ok(Response::new(self.sign_in(request.into_inner()).await?))
    }

    async fn get_me(&self, request: Request<pb::GetMeRequest>) -> Result<Response<pb::GetMeResponse>, Status> {
        Ok(Response::new(self.me(&request.into_inner().user_id).await?))
    }

    async fn set_language(
        &self,
        request: Request<pb::SetLanguageRequest>,
    ) -> Result<Response<pb::SetLanguageResponse>, Status> {
        let r = request.into_inner();
        self.set_language_code(&r.user_id, &r.language).await?;
        Ok(Response::new(pb::SetLanguageResponse {}))
    }

    async fn request_password_reset(
        &self,
        request: Request<pb::RequestPasswordResetRequest>,
    ) -> Result<Response<pb::RequestPasswordResetResponse>, Status> {
        let r = request.into_inner();
        self.send_reset_link(&r.email, &r.language).await?;
        Ok(Response::new(pb::RequestPasswordResetResponse {}))
    }

    async fn reset_password(
        &self,
        request: Request<pb::ResetPasswordRequest>,
    ) -> Result<Response<pb::ResetPasswordResponse>, Status> {
        let r = request.into_inner();
        self.reset_password_with(&r.token, r.new_password).await?;
        Ok(Response::new(pb::ResetPasswordResponse {}))
    }

    async fn get_seller_entitlement(
        &self,
        request: Request<pb::GetSellerEntitlementRequest>,
    ) -> Result<Response<pb::SellerEntitlement>, Status> {
        Ok(Response::new(self.entitlement(&request.into_inner().user_id).await?))
    }

    async fn get_subscription(
        &self,
        request: Request<pb::GetSubscriptionRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        Ok(Response::new(self.subscription_of(&request.into_inner().user_id).await?))
    }

    async fn start_payment(&self, request: Request<pb::StartPaymentRequest>) -> Result<Response<pb::Payment>, Status> {
        let p = self.start_payment_for(&request.into_inner()).await?;
        Ok(Response::new(messages::payment(&p)))
    }

    async fn get_payment(&self, request: Request<pb::GetPaymentRequest>) -> Result<Response<pb::Payment>, Status> {
        let r = request.into_inner();
        Ok(Response::new(messages::payment(&self.payment(&r.user_id, &r.payment_id).await?)))
    }

    async fn list_payments(
        &self,
        request: Request<pb::ListPaymentsRequest>,
    ) -> Result<Response<pb::ListPaymentsResponse>, Status> {
        let rows = self.payments_of(&request.into_inner().user_id).await?;
        Ok(Response::new(pb::ListPaymentsResponse { payments: rows.iter().map(messages::payment).collect() }))
    }

    async fn change_package(
        &self,
        request: Request<pb::ChangePackageRequest>,
    ) -> Result<Response<pb::Subscription>, Status> {
        let r = request.into_inner();
        Ok(Response::new(self.change_package_for(&r.user_id, &r.package_id).await?))
    }

    /// Safaricom's callback, passed through by the gateway: always acknowledged (Safaricom retries
    /// otherwise) unless its result could not be applied.
    async fn handle_mpesa_callback(
        &self,
        request: Request<pb::MpesaCallbackRequest>,
    ) -> Result<Response<pb::MpesaCallbackResponse>, Status> {
        self.take_callback(&request.into_inner().body).await?;
        Ok(Response::new(pb::MpesaCallbackResponse { result_code: 0, result_desc: "Accepted".into() }))
    }

    async fn export_account(
        &self,
        request: Request<pb::ExportAccountRequest>,
    ) -> Result<Response<pb::ExportAccountResponse>, Status> {
        Ok(Response::new(self.export(&request.into_inner().user_id).await?))
    }

    async fn delete_account(
        &self,
        request: Request<pb::DeleteAccountRequest>,
    ) -> Result<Response<pb::DeleteAccountResponse>, Status> {
        let r = request.into_inner();
        Accounts::delete_account(self, &r.user_id, r.password).await?;
        Ok(Response::new(pb::DeleteAccountResponse {}))
    }

    async fn admin_list_sellers(
        &self,
        request: Request<pb::AdminListSellersRequest>,
    ) -> Result<Response<pb::AdminListSellersResponse>, Status> {
        Ok(Response::new(self.list_sellers(&request.into_inner()).await?))
    }

    async fn admin_get_seller(
        &self,
        request: Request<pb::AdminSellerRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.get_seller(&request.into_inner().user_id).await?))
    }

    async fn suspend_seller(
        &self,
        request: Request<pb::AdminSellerActionRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.set_suspended(&request.into_inner(), true).await?))
    }

    async fn unsuspend_seller(
        &self,
        request: Request<pb::AdminSellerActionRequest>,
    ) -> Result<Response<pb::AdminSeller>, Status> {
        Ok(Response::new(self.set_suspended(&request.into_inner(), false).await?))
    }

    async fn admin_overview(
        &self,
        request: Request<pb::AdminOverviewRequest>,
    ) -> Result<Response<pb::AdminOverviewResponse>, Status> {
        Ok(Response::new(self.overview(&request.into_inner()).await?))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        Ok(Response::new(self.audit_entries(&request.into_inner()).await?))
    }
}

#[cfg(test)]
mod tests {
    use mtaani_proto::{
        language::Language,
        status::{error_code, field_errors, text},
        text::said,
    };
    use tonic::Code;

    use super::*;

    /// Each refusal's answer: its gRPC code, its code, its English (the spec's words) and its
    /// fields, with its text beside for the gateway to write in the reader's language.
    #[test]
    fn each_refusal_answers_its_code_and_text() {
        let cases: Vec<(Error, Code, ErrorCode, &str, &[&str])> = vec![
            (
                Error::EmailTaken,
                Code::AlreadyExists,
                ErrorCode::EmailTaken,
                "An account with this email already exists",
                &[],
            ),
            (Error::BadCredentials, Code::Unauthenticated, ErrorCode::BadCredentials, "Invalid email or password", &[]),
            (
                Error::TotpNeeded,
                Code::Unauthenticated,
                ErrorCode::TotpRequired,
                "Enter the 6-digit code from your authenticator app.",
                &["totp"],
            ),
            (
                Error::BadTotp,
                Code::Unauthenticated,
                ErrorCode::TotpRequired,
                "That code is not right. Please try again.",
                &["totp"],
            ),
            (Error::UnknownUser, Code::Unauthenticated, ErrorCode::Unauthenticated, "Please sign in again.", &[]),
            (
                Error::BadResetLink,
                Code::InvalidArgument,
                ErrorCode::Validation,
                "This reset link is invalid or has expired.",
                &[],
            ),
            (
                Error::WrongPassword,
                Code::Unauthenticated,
                ErrorCode::BadCredentials,
                "The password is not right.",
                &["password"],
            ),
            (
                Error::AdminsCannotClose,
                Code::PermissionDenied,
                ErrorCode::Forbidden,
                "Operator accounts are closed from the command line, not here.",
                &[],
            ),
            (Error::NoSubscription, Code::NotFound, ErrorCode::NotFound, "No subscription for this account", &[]),
            (
                Error::OnlySellersHavePackage,
                Code::PermissionDenied,
                ErrorCode::Forbidden,
                "Only sellers have a package",
                &[],
            ),
            (
                Error::ChoosePackage,
                Code::InvalidArgument,
                ErrorCode::Validation,
                "Please choose one of the packages",
                &[],
            ),
            (
                Error::PayForUpgrade,
                Code::FailedPrecondition,
                ErrorCode::Conflict,
                "Pay for the upgrade to switch to it now.",
                &[],
            ),
            (
                Error::PayFirstMonth,
                Code::FailedPrecondition,
                ErrorCode::Conflict,
                "Pay for your first month before changing package.",
                &[],
            ),
            (Error::UnknownAccount, Code::NotFound, ErrorCode::NotFound, "Unknown account", &[]),
            (
                Error::OnlySellersPay,
                Code::PermissionDenied,
                ErrorCode::Forbidden,
                "Only sellers pay for a package",
                &[],
            ),
            (
                Error::PaymentNotRetriable,
                Code::FailedPrecondition,
                ErrorCode::Conflict,
                "This payment can no longer be retried.",
                &[],
            ),
            (
                Error::LowerPackageAtRenewal,
                Code::FailedPrecondition,
                ErrorCode::Conflict,
                "A lower package starts at your next renewal: choose it under Change package.",
                &[],
            ),
            (
                Error::PaymentPending,
                Code::FailedPrecondition,
                ErrorCode::PaymentPending,
                "A payment is already waiting for your PIN.",
                &[],
            ),
            (Error::PaymentNotFound, Code::NotFound, ErrorCode::NotFound, "Payment not found", &[]),
            (Error::SellerNotFound, Code::NotFound, ErrorCode::NotFound, "Seller not found", &[]),
            (
                Error::SellerAlreadySuspended,
                Code::FailedPrecondition,
                ErrorCode::Conflict,
                "This seller is already suspended.",
                &[],
            ),
            (
                Error::SellerNotSuspended,
                Code::FailedPrecondition,
                ErrorCode::Conflict,
                "This seller is not suspended.",
                &[],
            ),
            (
                Error::invalid("language", said::choose_language()),
                Code::InvalidArgument,
                ErrorCode::Validation,
                "Please choose a language: en (English) or sw (Kiswahili)",
                &["language"],
            ),
            (
                Error::Internal(anyhow::anyhow!("a fault's details")),
                Code::Internal,
                ErrorCode::Internal,
                "Something went wrong. Please try again.",
                &[],
            ),
        ];
        for (error, code, reason, english, fields) in cases {
            let said = error.text();
            let status = Status::from(error);
            assert_eq!((status.code(), error_code(&status), status.message()), (code, reason, english));
            assert_eq!(text(&status), Some(said.clone()), "{english}: the text travels with the status");
            assert!(!said.render(Language::Sw).is_empty());
            let named: Vec<(String, String)> = fields.iter().map(|f| (f.to_string(), english.to_owned())).collect();
            assert_eq!(field_errors(&status), named, "{english}");
        }
    }

    #[test]
    fn a_neighbour_away_is_unavailable_and_any_other_fault_internal() {
        let away = Error::neighbour("booking-svc", &Status::unavailable("connection refused"));
        let status = Status::from(away);
        assert_eq!((status.code(), error_code(&status)), (Code::Unavailable, ErrorCode::Unavailable));
        let refused = Status::from(Error::neighbour("catalog-svc", &Status::internal("disk full")));
        assert_eq!((refused.code(), refused.message()), (Code::Internal, "Something went wrong. Please try again."));
    }
}
