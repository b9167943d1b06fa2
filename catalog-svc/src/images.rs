//! Photo intake: what arrives as a data URL leaves as metadata-free WebP files (gallery, phone, card and
//! the data saver's small size) and the photo's average colour.
//!
//! The content decides the type (JPEG, PNG or WebP only), whatever the data URL claims: a photo
//! whose name or data URL says JPEG but which is a PNG is still a photo, and is re-encoded anyway;
//! anything else is refused. Sizes are checked from the header before any pixel is decoded, so a
//! decompression bomb costs nothing.
//!
//! Memory: the decoded photo (up to 40 megapixels, 160 MB as RGBA) is the only full-size buffer.
//! It is shrunk at once with an area average to at most twice the gallery size, and only that copy
//! is turned, converted and filtered; one photo is decoded at a time in the process, so concurrent
//! uploads queue instead of adding up (catalog-svc's pod has 512 MiB).

use std::{
    io::Cursor,
    sync::{Mutex, PoisonError},
};

use base64::Engine;
use image::{
    DynamicImage, ImageDecoder, ImageFormat, Limits, RgbImage,
    codecs::{jpeg::JpegDecoder, png::PngDecoder, webp::WebPDecoder},
    imageops::FilterType,
};
use mtaani_proto::text::{Text, said};

/// At most 5 MB of file per photo.
pub const MAX_BYTES: usize = 5 * 1024 * 1024;
/// At most 40 megapixels decoded.
pub const MAX_PIXELS: u64 = 40_000_000;
/// Long edge of the gallery picture.
pub const GALLERY_EDGE: u32 = 1280;
/// Long edge of the listing page's picture on phones (a 412 px wide screen at 1.75 device pixels).
pub const MEDIUM_EDGE: u32 = 720;
/// Long edge of the card picture.
pub const CARD_EDGE: u32 = 480;
/// Long edge of the data saver's picture (a card or a listing's photo on a prepaid bundle).
pub const SMALL_EDGE: u32 = 320;
/// A link preview's picture (og:image): what WhatsApp, Facebook and X show, as JPEG (which all of
/// them read), at most [`OG_MAX_BYTES`].
/// A team member's photo: a square around the photo's centre, this many pixels a side
/// (shown at most 96 px wide, twice that on a sharp screen).
pub const PORTRAIT_EDGE: u32 = 192;
pub const OG_WIDTH: u32 = 1200;
pub const OG_HEIGHT: u32 = 630;
pub const OG_MAX_BYTES: usize = 300 * 1024;

/// Why a photo cannot be used; said of a file ("File {name} {problem}.") or of the photo ("The photo
/// {problem}.").
#[derive(Debug, PartialEq, Eq)]
pub enum PhotoError {
    Unsupported,
    TooLarge,
    TooManyPixels,
    Corrupt,
    Animated,
}

impl PhotoError {
    /// The problem, as the rest of a sentence about the photo.
    pub fn text(&self) -> Text {
        match self {
            PhotoError::Unsupported => said::problem_not_image(),
            PhotoError::TooLarge => said::problem_too_large(),
            PhotoError::TooManyPixels => said::problem_too_many_pixels(),
            PhotoError::Corrupt => said::problem_damaged(),
            PhotoError::Animated => said::problem_animated(),
        }
    }
}

impl std::fmt::Display for PhotoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.text().fmt(f)
    }
}

impl std::error::Error for PhotoError {}

/// A photo ready to store.
#[derive(Debug, Clone)]
pub struct Processed {
    pub gallery: Vec<u8>,
    /// [`MEDIUM_EDGE`] on the long edge; none when the gallery picture is no larger.
    pub medium: Option<Vec<u8>>,
    pub thumbnail: Vec<u8>,
    /// [`SMALL_EDGE`] on the long edge (the photo's own size when smaller).
    pub small: Vec<u8>,
    /// The photo's average colour, `#rrggbb`: what the data saver shows until the photo is asked for.
    pub color: String,
    pub width: u32,
    pub height: u32,
}

/// The bytes inside `data:<type>;base64,<data>` (a bare base64 string is accepted too).
pub fn decode_data_url(data_url: &str) -> Result<Vec<u8>, PhotoError> {
    let payload = match data_url.split_once(',') {
        Some((head, body)) if head.starts_with("data:") => {
            if !head.ends_with(";base64") {
                return Err(PhotoError::Unsupported);
            }
            body
        }
        Some(_) => return Err(PhotoError::Unsupported),
        None => data_url,
    };
    // Base64 inflates by 4/3: refuse oversized payloads before decoding them.
    if payload.len() > MAX_BYTES / 3 * 4 + 8 {
        return Err(PhotoError::TooLarge);
    }
    let cleaned: String = payload.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let bytes =
        base64::engine::general_purpose::STANDARD.decode(cleaned.as_bytes()).map_err(|_| PhotoError::Corrupt)?;
    if bytes.len() > MAX_BYTES {
        return Err(PhotoError::TooLarge);
    }
    Ok(bytes)
}

/// Held while a full-size photo is in memory.
static DECODING: Mutex<()> = Mutex::new(());

/// Checks, decodes, orients and re-encodes one photo. CPU-heavy: call it off the async runtime.
pub fn process(bytes: &[u8]) -> Result<Processed, PhotoError> {
    if bytes.len() > MAX_BYTES {
        return Err(PhotoError::TooLarge);
    }
    let rgb = decode_one(bytes)?;
    Ok(encode(&rgb))
}

/// The photo in `bytes` whatever its format, decoded one at a time (see `DECODING`).
fn decode_one(bytes: &[u8]) -> Result<RgbImage, PhotoError> {
    let format = image::guess_format(bytes).map_err(|_| PhotoError::Unsupported)?;
    let _one_at_a_time = DECODING.lock().unwrap_or_else(PoisonError::into_inner);
    decode_format(bytes, format)
}

/// The photo in `bytes`, oriented, at most twice the gallery edge.
fn decode_format(bytes: &[u8], format: ImageFormat) -> Result<RgbImage, PhotoError> {
    let image = match format {
        ImageFormat::Jpeg => decode(JpegDecoder::new(Cursor::new(bytes)).map_err(|_| PhotoError::Corrupt)?)?,
        ImageFormat::Png => {
            let decoder = PngDecoder::new(Cursor::new(bytes)).map_err(|_| PhotoError::Corrupt)?;
            if decoder.is_apng().map_err(|_| PhotoError::Corrupt)? {
                return Err(PhotoError::Animated);
            }
            decode(decoder)?
        }
        ImageFormat::WebP => {
            let decoder = WebPDecoder::new(Cursor::new(bytes)).map_err(|_| PhotoError::Corrupt)?;
            if decoder.has_animation() {
                return Err(PhotoError::Animated);
            }
            decode(decoder)?
        }
        _ => return Err(PhotoError::Unsupported),
    };
    Ok(image.to_rgb8())
}

fn decode(mut decoder: impl ImageDecoder) -> Result<DynamicImage, PhotoError> {
    let (w, h) = decoder.dimensions();
    if w == 0 || h == 0 {
        return Err(PhotoError::Corrupt);
    }
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(w);
    limits.max_image_height = Some(h);
    limits.max_alloc = Some(MAX_PIXELS * 4 + (64 << 20));
    decoder.set_limits(limits).map_err(|_| PhotoError::TooManyPixels)?;
    let orientation = decoder.orientation().ok();
    let full = DynamicImage::from_decoder(decoder).map_err(|_| PhotoError::Corrupt)?;
    let edge = 2 * GALLERY_EDGE;
    let mut image = if w > edge || h > edge { full.thumbnail(edge, edge) } else { full };
    if let Some(o) = orientation {
        image.apply_orientation(o);
    }
    Ok(image)
}

/// Every size as WebP from RGB pixels; nothing of the original file (EXIF, GPS, ICC) survives.
pub fn encode(rgb: &RgbImage) -> Processed {
    let gallery = fit(rgb, GALLERY_EDGE);
    let thumbnail = fit(rgb, CARD_EDGE);
    // From the gallery picture, already at most 1280 px, rather than from the decoded photo (up to
    // twice that): a quarter of the pixels to filter.
    let medium =
        (gallery.width().max(gallery.height()) > MEDIUM_EDGE).then(|| webp_bytes(&fit(&gallery, MEDIUM_EDGE), 76.0));
    let (small, color) = small(&thumbnail);
    Processed {
        width: gallery.width(),
        height: gallery.height(),
        gallery: webp_bytes(&gallery, 78.0),
        medium,
        thumbnail: webp_bytes(&thumbnail, 70.0),
        small,
        color,
    }
}

/// The data saver's picture (WebP, [`SMALL_EDGE`] on the long edge) and average colour of a photo
/// already at most the card size, or larger.
fn small(rgb: &RgbImage) -> (Vec<u8>, String) {
    let small = fit(rgb, SMALL_EDGE);
    (webp_bytes(&small, 60.0), average_color(&small))
}

/// The data saver's picture and average colour of a stored photo (the card WebP of a photo stored
/// before they were made at upload; see `small_photos`). CPU-heavy: call it off the async runtime.
pub fn small_of_stored(bytes: &[u8]) -> Result<(Vec<u8>, String), PhotoError> {
    let rgb = decode_one(bytes)?;
    Ok(small(&rgb))
}

/// The mean of every pixel, as `#rrggbb`: one colour that stands for the photo in its box.
pub fn average_color(rgb: &RgbImage) -> String {
    let mut sum = [0u64; 3];
    for pixel in rgb.pixels() {
        for (total, channel) in sum.iter_mut().zip(pixel.0) {
            *total += u64::from(channel);
        }
    }
    let n = u64::from(rgb.width()) * u64::from(rgb.height());
    let [r, g, b] = sum.map(|total| (total + n / 2).checked_div(n).unwrap_or(0));
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// A stored photo (the gallery WebP) as a link preview's picture: cropped to fill 1200 × 630 around
/// its centre, JPEG, at most 300 KB (the quality lowered until it fits). CPU-heavy: call it off the
/// async runtime.
pub fn og_image(bytes: &[u8]) -> Result<Vec<u8>, PhotoError> {
    let rgb = decode_one(bytes)?;
    let filled = DynamicImage::ImageRgb8(rgb).resize_to_fill(OG_WIDTH, OG_HEIGHT, FilterType::Triangle).to_rgb8();
    let mut last = Vec::new();
    for quality in [82, 72, 60, 45] {
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
            .encode_image(&filled)
            .map_err(|_| PhotoError::Corrupt)?;
        if out.len() <= OG_MAX_BYTES {
            return Ok(out);
        }
        last = out;
    }
    Ok(last)
}

/// A team member's photo from an uploaded file, checked as a listing's photos are (format, 5 MB, 40
/// megapixels, still): a WebP square of [`PORTRAIT_EDGE`] around its centre, nothing of the file's
/// metadata kept. CPU-heavy: call it off the async runtime.
pub fn portrait(bytes: &[u8]) -> Result<Vec<u8>, PhotoError> {
    if bytes.len() > MAX_BYTES {
        return Err(PhotoError::TooLarge);
    }
    Ok(portrait_of(decode_one(bytes)?))
}

/// A team member's photo from pixels (an upload's, or the demo's).
pub fn portrait_of(rgb: RgbImage) -> Vec<u8> {
    let square =
        DynamicImage::ImageRgb8(rgb).resize_to_fill(PORTRAIT_EDGE, PORTRAIT_EDGE, FilterType::Triangle).to_rgb8();
    webp_bytes(&square, 72.0)
}

fn fit(rgb: &RgbImage, edge: u32) -> RgbImage {
    if rgb.width() <= edge && rgb.height() <= edge {
        return rgb.clone();
    }
    DynamicImage::ImageRgb8(rgb.clone()).resize(edge, edge, FilterType::Triangle).to_rgb8()
}

fn webp_bytes(rgb: &RgbImage, quality: f32) -> Vec<u8> {
    webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height()).encode(quality).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_png(w: u32, h: u32) -> Vec<u8> {
        let img = RgbImage::from_fn(w, h, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 120]));
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_portrait_is_a_small_square_of_the_photo() {
        let webp = portrait(&sample_png(900, 1600)).unwrap();
        assert_eq!(&webp[8..12], b"WEBP");
        let back = image::load_from_memory_with_format(&webp, ImageFormat::WebP).unwrap();
        assert_eq!((back.width(), back.height()), (PORTRAIT_EDGE, PORTRAIT_EDGE));
        assert!(matches!(portrait(b"not a photo"), Err(PhotoError::Unsupported)));
        assert!(matches!(portrait(&vec![0u8; MAX_BYTES + 1]), Err(PhotoError::TooLarge)));
    }

    #[test]
    fn a_png_becomes_two_webp_sizes() {
        let p = process(&sample_png(2000, 1500)).unwrap();
        assert_eq!((p.width, p.height), (1280, 960));
        assert_eq!(&p.gallery[..4], b"RIFF");
        assert_eq!(&p.thumbnail[8..12], b"WEBP");
        let thumb = image::load_from_memory(&p.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (480, 360));
        let medium = image::load_from_memory(p.medium.as_deref().unwrap()).unwrap();
        assert_eq!((medium.width(), medium.height()), (720, 540));
        assert!(p.medium.as_ref().unwrap().len() < p.gallery.len());
    }

    #[test]
    fn the_data_saver_gets_a_320_px_webp_and_the_average_colour() {
        let p = process(&sample_png(2000, 1500)).unwrap();
        assert_eq!(&p.small[8..12], b"WEBP");
        let small = image::load_from_memory(&p.small).unwrap();
        assert_eq!((small.width(), small.height()), (SMALL_EDGE, 240));
        assert!(p.small.len() < p.thumbnail.len(), "{} vs {}", p.small.len(), p.thumbnail.len());
        assert!(is_hex_colour(&p.color), "{}", p.color);
        // A tall photo: 320 on its long edge; one smaller than that keeps its size.
        let tall = image::load_from_memory(&process(&sample_png(600, 1200)).unwrap().small).unwrap();
        assert_eq!((tall.width(), tall.height()), (160, 320));
        let tiny = image::load_from_memory(&process(&sample_png(100, 50)).unwrap().small).unwrap();
        assert_eq!((tiny.width(), tiny.height()), (100, 50));
    }

    fn is_hex_colour(color: &str) -> bool {
        color.len() == 7
            && color.starts_with('#')
            && color[1..].chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    }

    #[test]
    fn the_average_colour_is_the_mean_of_the_pixels() {
        let flat = RgbImage::from_pixel(40, 30, image::Rgb([0xa1, 0xb2, 0xc3]));
        assert_eq!(average_color(&flat), "#a1b2c3");
        // Half black, half white: mid grey (rounded half up).
        let halves =
            RgbImage::from_fn(40, 30, |x, _| if x < 20 { image::Rgb([0, 0, 0]) } else { image::Rgb([255, 255, 255]) });
        assert_eq!(average_color(&halves), "#808080");
        // A red photo stays red through encoding, shrinking and the stored card's decoding.
        let red = RgbImage::from_fn(1600, 1200, |x, y| image::Rgb([200 + (x % 20) as u8, (y % 16) as u8, 30]));
        let p = encode(&red);
        let (r, g, b) = channels(&p.color);
        assert!((200..=215).contains(&r) && g < 20 && (20..=40).contains(&b), "{}", p.color);
        let (again, color) = small_of_stored(&p.thumbnail).unwrap();
        let (r2, g2, b2) = channels(&color);
        assert!(r.abs_diff(r2) <= 4 && g.abs_diff(g2) <= 4 && b.abs_diff(b2) <= 4, "{} vs {color}", p.color);
        let shown = image::load_from_memory(&again).unwrap();
        assert_eq!((shown.width(), shown.height()), (320, 240));
        assert_eq!(small_of_stored(b"not a photo").unwrap_err(), PhotoError::Unsupported);
    }

    fn channels(color: &str) -> (u8, u8, u8) {
        let c = |i: usize| u8::from_str_radix(&color[i..i + 2], 16).unwrap();
        (c(1), c(3), c(5))
    }

    #[test]
    fn a_stored_photo_becomes_a_1200_by_630_jpeg_preview() {
        // A tall photo: cropped around its centre to fill the preview's shape.
        let gallery = process(&sample_png(900, 1600)).unwrap().gallery;
        let og = og_image(&gallery).unwrap();
        assert_eq!(&og[..3], &[0xFF, 0xD8, 0xFF], "a JPEG");
        assert!(og.len() <= OG_MAX_BYTES, "{}", og.len());
        let shown = image::load_from_memory(&og).unwrap();
        assert_eq!((shown.width(), shown.height()), (OG_WIDTH, OG_HEIGHT));
        // Noise compresses worst: still within 300 KB.
        let noisy = RgbImage::from_fn(1280, 960, |x, y| {
            let v = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)).to_le_bytes();
            image::Rgb([v[0], v[1], v[2]])
        });
        let og = og_image(&webp_bytes(&noisy, 90.0)).unwrap();
        assert!(og.len() <= OG_MAX_BYTES, "{}", og.len());
        assert_eq!(og_image(b"not a photo").unwrap_err(), PhotoError::Unsupported);
    }

    #[test]
    fn a_photo_no_larger_than_the_medium_size_has_none() {
        let p = process(&sample_png(720, 500)).unwrap();
        assert_eq!((p.width, p.height, p.medium), (720, 500, None));
        assert!(process(&sample_png(721, 500)).unwrap().medium.is_some());
    }

    #[test]
    fn a_large_photo_is_shrunk_before_it_is_filtered() {
        // Over twice the gallery edge: area-averaged first, then filtered to the gallery size.
        let p = process(&sample_png(6000, 1000)).unwrap();
        assert_eq!(p.width, 1280);
        assert!((213..=214).contains(&p.height), "{}", p.height);
        let thumb = image::load_from_memory(&p.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (480, 80));
    }

    #[test]
    fn content_decides_not_the_declared_type() {
        let png = sample_png(10, 10);
        let b64 = base64::engine::general_purpose::STANDARD.encode(&png);
        let bytes = decode_data_url(&format!("data:image/jpeg;base64,{b64}")).unwrap();
        assert!(process(&bytes).is_ok());
        assert!(matches!(process(b"GIF89a\x01\x00\x01\x00"), Err(PhotoError::Unsupported)));
        assert!(matches!(process(b"<svg xmlns=...>"), Err(PhotoError::Unsupported)));
    }

    #[test]
    fn truncated_and_oversized_photos_are_refused() {
        let png = sample_png(64, 64);
        assert!(matches!(process(&png[..png.len() / 2]), Err(PhotoError::Corrupt)));
        assert!(matches!(decode_data_url("data:image/png;base64,@@@"), Err(PhotoError::Corrupt)));
        let huge = "A".repeat(MAX_BYTES * 2);
        assert!(matches!(decode_data_url(&huge), Err(PhotoError::TooLarge)));
    }

    #[test]
    fn a_decompression_bomb_is_refused_from_its_header() {
        // A valid PNG header claiming 10000 x 10000 pixels (100 MP) with no pixel data behind it.
        let mut png = sample_png(1, 1);
        png[16..20].copy_from_slice(&10_000u32.to_be_bytes());
        png[20..24].copy_from_slice(&10_000u32.to_be_bytes());
        let crc = crc32fast::hash(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(process(&png).unwrap_err(), PhotoError::TooManyPixels);
    }
}
