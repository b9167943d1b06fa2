//! The tonic implementation of `catalog.v1.CatalogService`: each call converts its message to the use
//! case's arguments (service.rs and the modules of each area) and the answer or error back.

use futures_util::StreamExt;
use mtaani_proto::{
    catalog::v1::{self as pb, catalog_service_server::CatalogService},
    status::{self, ErrorCode},
};
use tokio_stream::wrappers::WatchStream;
use tonic::{Request, Response, Status};

use crate::{error::Error, service::Catalog};

/// What a caller is answered: a refusal's code and text (and its fields' texts); a fault is logged
/// here and said without its details.
impl From<Error> for Status {
    fn from(e: Error) -> Self {
        let (code, reason) = (e.grpc_code(), e.code());
        match e {
            Error::Invalid(v) => v.into_status(code, reason),
            Error::PhotosSwept | Error::Db(_) | Error::Media(_) | Error::Task(_) => {
                if reason == ErrorCode::Unavailable {
                    tracing::warn!(error = %e, "catalog unavailable for a moment");
                } else {
                    tracing::error!(error = %e, "catalog fault");
                }
                status::fixed(code, reason)
            }
            refusal => status::refusal_on(code, reason, refusal.text(), refusal.field()),
        }
    }
}

#[tonic::async_trait]
impl CatalogService for Catalog {
    async fn list_listings(
        &self,
        request: Request<pb::ListListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        Ok(Response::new(self.list(request.into_inner()).await?))
    }

    async fn search_listings(
        &self,
        request: Request<pb::SearchListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        Ok(Response::new(self.search(request.into_inner()).await?))
    }

    async fn get_listing(&self, request: Request<pb::GetListingRequest>) -> Result<Response<pb::Listing>, Status> {
        Ok(Response::new(self.get(&request.into_inner().id).await?))
    }

    async fn create_listing(
        &self,
        request: Request<pb::CreateListingRequest>,
    ) -> Result<Response<pb::Listing>, Status> {
        Ok(Response::new(self.create(request.into_inner()).await?))
    }

    async fn update_listing(
        &self,
        request: Request<pb::UpdateListingRequest>,
    ) -> Result<Response<pb::Listing>, Status> {
        Ok(Response::new(self.update(request.into_inner()).await?))
    }

    async fn delete_listing(
        &self,
        request: Request<pb::DeleteListingRequest>,
    ) -> Result<Response<pb::DeleteListingResponse>, Status> {
        self.delete(request.into_inner()).await?;
        Ok(Response::new(pb::DeleteListingResponse {}))
    }

    async fn list_seller_listings(
        &self,
        request: Request<pb::ListSellerListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        Ok(Response::new(self.seller_listings(request.into_inner()).await?))
    }

    async fn set_seller_visibility(
        &self,
        request: Request<pb::SetSellerVisibilityRequest>,
    ) -> Result<Response<pb::SetSellerVisibilityResponse>, Status> {
        let updated = Catalog::set_seller_visibility(self, request.into_inner()).await?;
        Ok(Response::new(pb::SetSellerVisibilityResponse { updated }))
    }

    async fn put_portrait(&self, request: Request<pb::PutPortraitRequest>) -> Result<Response<pb::Portrait>, Status> {
        Ok(Response::new(Catalog::put_portrait(self, request.into_inner()).await?))
    }

    async fn keep_portraits(
        &self,
        request: Request<pb::KeepPortraitsRequest>,
    ) -> Result<Response<pb::KeepPortraitsResponse>, Status> {
        let removed = Catalog::keep_portraits(self, request.into_inner()).await?;
        Ok(Response::new(pb::KeepPortraitsResponse { removed }))
    }

    async fn get_media(&self, request: Request<pb::GetMediaRequest>) -> Result<Response<pb::Media>, Status> {
        Ok(Response::new(self.media(&request.into_inner().key).await?))
    }

    async fn watch_changes(
        &self,
        _request: Request<pb::WatchChangesRequest>,
    ) -> Result<Response<tonic::codegen::BoxStream<pb::CatalogChange>>, Status> {
        let epoch = self.changes.epoch().to_owned();
        let stream = WatchStream::new(self.changes.subscribe())
            .map(move |generation| Ok(pb::CatalogChange { generation, epoch: epoch.clone() }))
            .take_until(self.changes.closed());
        Ok(Response::new(Box::pin(stream)))
    }

    async fn report_listing(&self, request: Request<pb::ReportListingRequest>) -> Result<Response<pb::Report>, Status> {
        Ok(Response::new(Catalog::report_listing(self, request.into_inner()).await?))
    }

    async fn list_reports(
        &self,
        request: Request<pb::ListReportsRequest>,
    ) -> Result<Response<pb::ListReportsResponse>, Status> {
        Ok(Response::new(Catalog::list_reports(self, request.into_inner()).await?))
    }

    async fn dismiss_report(&self, request: Request<pb::ReportActionRequest>) -> Result<Response<pb::Report>, Status> {
        Ok(Response::new(Catalog::dismiss_report(self, request.into_inner()).await?))
    }

    async fn hide_listing(
        &self,
        request: Request<pb::ModerateListingRequest>,
    ) -> Result<Response<pb::Listing>, Status> {
        Ok(Response::new(Catalog::hide_listing(self, request.into_inner()).await?))
    }

    async fn restore_listing(
        &self,
        request: Request<pb::ModerateListingRequest>,
    ) -> Result<Response<pb::Listing>, Status> {
        Ok(Response::new(Catalog::restore_listing(self, request.into_inner()).await?))
    }

    async fn admin_list_listings(
        &self,
        request: Request<pb::AdminListListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        Ok(Response::new(Catalog::admin_list_listings(self, request.into_inner()).await?))
    }

    async fn catalog_counts(
        &self,
        request: Request<pb::CatalogCountsRequest>,
    ) -> Result<Response<pb::CatalogCountsResponse>, Status> {
        Ok(Response::new(self.counts(request.into_inner()).await?))
    }

    async fn list_audit(
        &self,
        request: Request<pb::ListAuditRequest>,
    ) -> Result<Response<pb::ListAuditResponse>, Status> {
        Ok(Response::new(Catalog::list_audit(self, request.into_inner()).await?))
    }

    async fn delete_seller_listings(
        &self,
        request: Request<pb::DeleteSellerListingsRequest>,
    ) -> Result<Response<pb::DeleteSellerListingsResponse>, Status> {
        let deleted = Catalog::delete_seller_listings(self, &request.into_inner().seller_id).await?;
        Ok(Response::new(pb::DeleteSellerListingsResponse { deleted }))
    }

    async fn invite_review(
        &self,
        request: Request<pb::InviteReviewRequest>,
    ) -> Result<Response<pb::InviteReviewResponse>, Status> {
        Ok(Response::new(Catalog::invite_review(self, request.into_inner()).await?))
    }

    async fn get_review_invite(
        &self,
        request: Request<pb::ReviewTokenRequest>,
    ) -> Result<Response<pb::ReviewInvite>, Status> {
        Ok(Response::new(self.review_invite(&request.into_inner().token).await?))
    }

    async fn create_review(&self, request: Request<pb::CreateReviewRequest>) -> Result<Response<pb::Review>, Status> {
        Ok(Response::new(Catalog::create_review(self, request.into_inner()).await?))
    }

    async fn list_reviews(
        &self,
        request: Request<pb::ListReviewsRequest>,
    ) -> Result<Response<pb::ListReviewsResponse>, Status> {
        Ok(Response::new(Catalog::list_reviews(self, request.into_inner()).await?))
    }

    async fn list_seller_reviews(
        &self,
        request: Request<pb::ListSellerReviewsRequest>,
    ) -> Result<Response<pb::ListReviewsResponse>, Status> {
        Ok(Response::new(Catalog::list_seller_reviews(self, request.into_inner()).await?))
    }

    async fn reply_to_review(
        &self,
        request: Request<pb::ReplyToReviewRequest>,
    ) -> Result<Response<pb::Review>, Status> {
        Ok(Response::new(Catalog::reply_to_review(self, request.into_inner()).await?))
    }

    async fn report_review(&self, request: Request<pb::ReportReviewRequest>) -> Result<Response<pb::Report>, Status> {
        Ok(Response::new(Catalog::report_review(self, request.into_inner()).await?))
    }

    async fn hide_review(&self, request: Request<pb::ModerateReviewRequest>) -> Result<Response<pb::Review>, Status> {
        Ok(Response::new(Catalog::hide_review(self, request.into_inner()).await?))
    }

    async fn restore_review(
        &self,
        request: Request<pb::ModerateReviewRequest>,
    ) -> Result<Response<pb::Review>, Status> {
        Ok(Response::new(Catalog::restore_review(self, request.into_inner()).await?))
    }

    async fn forget_reviewer(
        &self,
        request: Request<pb::ForgetReviewerRequest>,
    ) -> Result<Response<pb::ForgetReviewerResponse>, Status> {
        let forgotten = Catalog::forget_reviewer(self, request.into_inner()).await?;
        Ok(Response::new(pb::ForgetReviewerResponse { forgotten }))
    }

    async fn list_favourites(
        &self,
        request: Request<pb::ListFavouritesRequest>,
    ) -> Result<Response<pb::ListFavouritesResponse>, Status> {
        let favourites = Catalog::list_favourites(self, &request.into_inner().user_id).await?;
        Ok(Response::new(pb::ListFavouritesResponse { favourites }))
    }

    async fn put_favourite(&self, request: Request<pb::FavouriteRequest>) -> Result<Response<pb::Favourite>, Status> {
        Ok(Response::new(Catalog::put_favourite(self, &request.into_inner()).await?))
    }

    async fn delete_favourite(
        &self,
        request: Request<pb::FavouriteRequest>,
    ) -> Result<Response<pb::DeleteFavouriteResponse>, Status> {
        Catalog::delete_favourite(self, &request.into_inner()).await?;
        Ok(Response::new(pb::DeleteFavouriteResponse {}))
    }

    async fn list_sitemap(
        &self,
        request: Request<pb::ListSitemapRequest>,
    ) -> Result<Response<pb::ListSitemapResponse>, Status> {
        Ok(Response::new(pb::ListSitemapResponse { listings: self.sitemap(request.into_inner()).await? }))
    }
}

#[cfg(test)]
mod tests {
    use mtaani_proto::{
        status::{Violations, error_code, field_errors, field_texts, text},
        text::said,
    };
    use tonic::Code;

    use super::*;
    use crate::images::PhotoError;

    #[test]
    fn a_refusal_travels_as_its_code_and_text_with_its_field() {
        let e = Status::from(Error::BadPhoto { name: "cut.png".into(), problem: PhotoError::Corrupt });
        let said = said::file_problem("cut.png", said::problem_damaged());
        assert_eq!((e.code(), e.message()), (Code::InvalidArgument, "File cut.png is damaged or incomplete."));
        assert_eq!((error_code(&e), text(&e)), (ErrorCode::Validation, Some(said.clone())));
        assert_eq!(field_texts(&e), [("images".to_owned(), said)]);
        assert_eq!(field_errors(&e), [("images".to_owned(), "File cut.png is damaged or incomplete.".to_owned())]);

        let e = Status::from(Error::ReviewNotHidden);
        assert_eq!((e.code(), e.message()), (Code::FailedPrecondition, "This review is not hidden."));
        assert_eq!((error_code(&e), text(&e)), (ErrorCode::Conflict, Some(said::review_not_hidden())));
        assert!(field_errors(&e).is_empty());
        let e = Status::from(Error::SellerIdRequired);
        assert_eq!(
            (e.code(), error_code(&e), text(&e)),
            (Code::InvalidArgument, ErrorCode::Validation, Some(said::seller_id_required()))
        );

        let mut v = Violations::new();
        v.check(false, "rating", said::choose_rating());
        let e = Status::from(Error::from(v));
        assert_eq!((e.code(), text(&e)), (Code::InvalidArgument, Some(said::choose_rating())));
        assert_eq!(field_texts(&e), [("rating".to_owned(), said::choose_rating())]);
    }

    #[test]
    fn a_fault_says_nothing_more() {
        let e = Status::from(Error::Media(std::io::Error::other("disk on fire")));
        assert_eq!((e.code(), e.message()), (Code::Internal, said::internal().to_string().as_str()));
        assert_eq!(text(&e), Some(said::internal()));
        let e = Status::from(Error::PhotosSwept);
        assert_eq!(
            (e.code(), error_code(&e), text(&e)),
            (Code::Unavailable, ErrorCode::Unavailable, Some(said::unavailable()))
        );
    }
}
