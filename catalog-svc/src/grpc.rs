//! The tonic implementation of `catalog.v1.CatalogService`.

use mtaani_proto::catalog::v1::{self as pb, catalog_service_server::CatalogService};
use tonic::{Request, Response, Status};

use crate::{
    db::{self, Filter},
    error::Error,
    media::{self, MediaStore},
};

#[derive(Debug, Clone)]
pub struct Catalog {
    pub(crate) pool: sqlx::AnyPool,
    pub(crate) store: MediaStore,
}

fn non_blank(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// Search words: lower-cased, at most 8, each at most 40 characters.
fn words(query: &str) -> Vec<String> {
    query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(|w| w.chars().take(40).collect::<String>().to_lowercase())
        .collect()
}

fn not_yet(what: &str) -> Status {
    Status::unimplemented(format!("{what} is not available yet"))
}

#[tonic::async_trait]
impl CatalogService for Catalog {
    async fn list_listings(
        &self,
        request: Request<pb::ListListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        let r = request.into_inner();
        let (limit, offset) = db::page(r.page.as_ref());
        let filter = Filter {
            category: non_blank(&r.category).map(|s| s.to_lowercase()),
            subcategory: non_blank(&r.subcategory).map(|s| s.to_lowercase()),
            location: non_blank(&r.location),
            ..Filter::default()
        };
        let (listings, total) = db::list(&self.pool, &filter, limit, offset).await?;
        Ok(Response::new(pb::ListListingsResponse { listings, total }))
    }

    async fn search_listings(
        &self,
        request: Request<pb::SearchListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        let r = request.into_inner();
        let words = words(&r.query);
        if words.is_empty() {
            return Ok(Response::new(pb::ListListingsResponse::default()));
        }
        let (limit, offset) = db::page(r.page.as_ref());
        let filter = Filter { words, ..Filter::default() };
        let (listings, total) = db::list(&self.pool, &filter, limit, offset).await?;
        Ok(Response::new(pb::ListListingsResponse { listings, total }))
    }

    async fn get_listing(&self, request: Request<pb::GetListingRequest>) -> Result<Response<pb::Listing>, Status> {
        let id = request.into_inner().id;
        let listing = db::get(&self.pool, id.trim(), false).await?.ok_or(Error::NotFound)?;
        Ok(Response::new(listing))
    }

    async fn create_listing(&self, _: Request<pb::CreateListingRequest>) -> Result<Response<pb::Listing>, Status> {
        Err(not_yet("Posting a service"))
    }

    async fn update_listing(&self, _: Request<pb::UpdateListingRequest>) -> Result<Response<pb::Listing>, Status> {
        Err(not_yet("Editing a service"))
    }

    async fn delete_listing(
        &self,
        _: Request<pb::DeleteListingRequest>,
    ) -> Result<Response<pb::DeleteListingResponse>, Status> {
        Err(not_yet("Deleting a service"))
    }

    async fn list_seller_listings(
        &self,
        request: Request<pb::ListSellerListingsRequest>,
    ) -> Result<Response<pb::ListListingsResponse>, Status> {
        let r = request.into_inner();
        let seller_id = non_blank(&r.seller_id).ok_or_else(|| Status::invalid_argument("seller_id is required"))?;
        let (limit, offset) = db::page(r.page.as_ref());
        let filter = Filter { seller_id: Some(seller_id), include_hidden: true, ..Filter::default() };
        let (listings, total) = db::list(&self.pool, &filter, limit, offset).await?;
        Ok(Response::new(pb::ListListingsResponse { listings, total }))
    }

    async fn set_seller_visibility(
        &self,
        request: Request<pb::SetSellerVisibilityRequest>,
    ) -> Result<Response<pb::SetSellerVisibilityResponse>, Status> {
        let r = request.into_inner();
        let seller_id = non_blank(&r.seller_id).ok_or_else(|| Status::invalid_argument("seller_id is required"))?;
        let updated = db::set_seller_visibility(&self.pool, &seller_id, r.visible, r.featured).await?;
        Ok(Response::new(pb::SetSellerVisibilityResponse { updated }))
    }

    async fn get_media(&self, request: Request<pb::GetMediaRequest>) -> Result<Response<pb::Media>, Status> {
        let key = request.into_inner().key;
        let data =
            self.store.get(&key).await.map_err(Error::Media)?.ok_or_else(|| Status::not_found("Photo not found"))?;
        Ok(Response::new(pb::Media { data, content_type: media::content_type(&key).to_owned() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_words_are_bounded_and_safe() {
        assert_eq!(words("  Bridal MAKEUP, nakuru!  "), vec!["bridal", "makeup", "nakuru"]);
        assert!(words("'; DROP TABLE listings; --").iter().all(|w| w.chars().all(char::is_alphanumeric)));
        assert_eq!(words(&"a ".repeat(50)).len(), 8);
        assert!(words("   ").is_empty());
    }
}
