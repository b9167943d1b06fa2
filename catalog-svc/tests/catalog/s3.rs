//! Photos in an S3-compatible bucket: catalog-svc against a real S3 API server on loopback (moto's
//! server, started by `make test` through deploy/local/s3-test-server.sh, which sets
//! `MTAANI_TEST_S3_ENDPOINT`). The demo photos are uploaded, served back and deleted with their listing.

use std::io::{Read, Write};

use catalog_svc::media::S3Config;
use mtaani_proto::catalog::v1::{self as pb, catalog_service_client::CatalogServiceClient};
use mtaani_runtime::testing::{Running, TestDb};
use tonic::Code;

/// Creates the bucket (the test server takes an unsigned request; the product never creates buckets).
fn create_bucket(endpoint: &str, bucket: &str) {
    let host = endpoint.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(host).expect("the S3 test server listens");
    write!(s, "PUT /{bucket} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn photos_live_in_an_s3_bucket_when_configured() {
    let Ok(endpoint) = std::env::var("MTAANI_TEST_S3_ENDPOINT") else {
        eprintln!("MTAANI_TEST_S3_ENDPOINT is not set: run through `make test`, which starts an S3 test server");
        return;
    };
    let bucket = format!("mtaani-{}", uuid::Uuid::new_v4().simple());
    create_bucket(&endpoint, &bucket);
    let db = TestDb::sqlite("catalog");
    let mut config = crate::support::config(&db);
    config.s3 = Some(S3Config {
        endpoint,
        bucket,
        region: "eu-west-1".into(),
        access_key_id: "mtaani-test".into(),
        secret_access_key: "mtaani-test-secret".into(),
    });
    let catalog = catalog_svc::start(&config).await.expect("catalog starts and seeds into the bucket");
    let server = Running::start(None, |l, stop| catalog_svc::serve(catalog, l, stop)).await;
    let mut client = CatalogServiceClient::connect(server.url()).await.unwrap();

    let listing =
        client.list_listings(pb::ListListingsRequest::default()).await.unwrap().into_inner().listings.remove(0);
    let url = &listing.media[0].thumbnail_url;
    let key = url.trim_start_matches("/media/").to_owned();
    let photo = client.get_media(pb::GetMediaRequest { key: key.clone() }).await.unwrap().into_inner();
    assert_eq!(photo.content_type, "image/webp");
    assert_eq!(&photo.data[8..12], b"WEBP", "the stored bytes come back");
    assert!(!db.data_dir.join("media").exists(), "nothing is written to the disk");

    client
        .delete_listing(pb::DeleteListingRequest {
            id: listing.id.clone(),
            seller_id: listing.seller_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap();
    let gone = client.get_media(pb::GetMediaRequest { key }).await.unwrap_err();
    assert_eq!(gone.code(), Code::NotFound, "its photos went with it");
    server.stop().await;
    db.cleanup().await;
}
