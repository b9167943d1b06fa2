// New migration files rebuild the crate that embeds them (sqlx::migrate! alone is not tracked).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
