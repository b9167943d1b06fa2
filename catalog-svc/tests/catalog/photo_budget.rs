//! The photo budget, checked on every `make test`: a card photo made from a real photograph (not a
//! smooth demo gradient) stays within 30 KiB, the size a phone on mobile data fetches for every card
//! of a list; and the data saver's (320 px) is under 60 % of that card (the sizes measured:
//! docs/BENCHMARKS.md, "Data saver").

use catalog_svc::images;

const CARD_BUDGET: usize = 30 * 1024;

/// The `lake.jpg` photograph the `webp` crate ships (in Cargo's registry, since we build it).
fn real_photograph() -> std::path::PathBuf {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    let registry = home.join("registry").join("src");
    for index in std::fs::read_dir(&registry).expect("Cargo's registry").flatten() {
        for krate in std::fs::read_dir(index.path()).into_iter().flatten().flatten() {
            let name = krate.file_name().to_string_lossy().into_owned();
            let photo = krate.path().join("assets").join("lake.jpg");
            if name.starts_with("webp-0.3.") && photo.is_file() {
                return photo;
            }
        }
    }
    panic!("webp's lake.jpg is not in {}", registry.display());
}

#[test]
fn card_photos_of_a_real_photograph_fit_the_budget() {
    let picture = image::open(real_photograph()).expect("a JPEG").to_rgb8();
    let (w, h) = picture.dimensions();
    // Crops across the picture at the sizes a phone's camera photo is reduced to, as `make bench`
    // stores them; the largest card is the one that counts.
    let (mut largest, mut largest_small) = (0, 0);
    for i in 0..6u32 {
        let cw = (w / 3 + (w / 6) * (i % 4) / 3).min(h * 4 / 3);
        let ch = cw * 3 / 4;
        let (x, y) = ((w - cw) * i / 5, (h - ch) * ((i * 3) % 6) / 5);
        let crop = image::imageops::crop_imm(&picture, x, y, cw, ch).to_image();
        let p = images::encode(&crop);
        assert!(p.thumbnail.len() <= CARD_BUDGET, "crop {i}: card photo {} bytes > {CARD_BUDGET}", p.thumbnail.len());
        largest = largest.max(p.thumbnail.len());
        assert!(
            p.small.len() * 5 < p.thumbnail.len() * 3,
            "crop {i}: data saver {} bytes, card {}",
            p.small.len(),
            p.thumbnail.len()
        );
        largest_small = largest_small.max(p.small.len());
    }
    eprintln!("largest card photo: {:.1} KiB (budget {} KiB)", largest as f64 / 1024.0, CARD_BUDGET / 1024);
    eprintln!("largest data saver photo: {:.1} KiB", largest_small as f64 / 1024.0);
}
