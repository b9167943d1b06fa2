//! Generates the Rust side of the contract from the .proto files with a vendored protoc, so a machine
//! without protoc builds it.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    // SAFETY: build scripts are single-threaded; nothing else reads the environment concurrently.
    unsafe { std::env::set_var("PROTOC", protoc) };
    let protos = [
        "accounts/v1/accounts.proto",
        "catalog/v1/catalog.proto",
        "booking/v1/booking.proto",
        "messaging/v1/messaging.proto",
    ];
    for p in protos {
        println!("cargo:rerun-if-changed={p}");
    }
    tonic_prost_build::configure().build_client(true).build_server(true).compile_protos(&protos, &["."])?;
    Ok(())
}
