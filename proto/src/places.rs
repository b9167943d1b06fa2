//! Kenya's places: the 47 counties, 301 sub-counties and 1,450 wards of the 2010
//! constitution with each ward's centre point (`catalog/v1/places/kenya_wards_tree.json`, CC BY 4.0:
//! American Red Cross via the Humanitarian Data Exchange), and the names people say that are not
//! wards (estates and towns: `catalog/v1/places/aliases.json`, ours), each pointing to its ward or
//! sub-county. Read by catalog-svc (a listing's place, distances, place words in a search) and the
//! gateway (`GET /api/places`), from one copy of the data.
//!
//! A place's id is its names in slug form: `nairobi`, `nairobi.westlands`,
//! `nairobi.westlands.parklands-highridge` for a ward, and `nairobi~lavington` for an estate. A
//! sub-county's and a county's centre is the mean of their wards'; an estate takes its ward's (or
//! sub-county's).

use std::{collections::HashMap, sync::LazyLock};

use serde::Deserialize;

const TREE_JSON: &str = include_str!("../catalog/v1/places/kenya_wards_tree.json");
const ALIASES_JSON: &str = include_str!("../catalog/v1/places/aliases.json");

/// What a place is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    County,
    SubCounty,
    Ward,
    Estate,
}

impl Kind {
    /// As the API writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::County => "county",
            Self::SubCounty => "subCounty",
            Self::Ward => "ward",
            Self::Estate => "estate",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub county: String,
    /// Empty for a county.
    pub sub_county: String,
    /// The ward a ward is, or an estate lies in; empty for a county, a sub-county, and an estate
    /// that spans several wards.
    pub ward: String,
    pub lat: f64,
    pub lng: f64,
}

/// A name's [`fold`]ed words joined by `-` ("Parklands/Highridge" → "parklands-highridge",
/// "Murang'a" → "muranga").
pub fn slug(name: &str) -> String {
    fold(name).replace(' ', "-")
}

#[derive(Deserialize)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Alias {
    name: String,
    county: String,
    #[serde(default)]
    sub_county: String,
    #[serde(default)]
    ward: String,
}

#[derive(Deserialize)]
struct Aliases {
    aliases: Vec<Alias>,
}

/// Every place, and how to find one.
#[derive(Debug)]
pub struct Places {
    all: Vec<Place>,
    by_id: HashMap<String, usize>,
    /// Each place's name as folded words ("Parklands/Highridge" → parklands, highridge), and the words
    /// of its sub-county and county.
    words: Vec<Vec<Vec<char>>>,
    around: Vec<Vec<Vec<char>>>,
    /// The places whose name has a given folded word.
    by_word: HashMap<String, Vec<usize>>,
}

/// Lower-case words separated by one space: what names are compared as.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\'' || c == '’' {
            continue;
        }
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    }
    while out.ends_with(' ') {
        out.pop();
    }
    out
}

fn mean(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len().max(1) as f64;
    (points.iter().map(|p| p.0).sum::<f64>() / n, points.iter().map(|p| p.1).sum::<f64>() / n)
}

impl Places {
    /// Reads the tree and the aliases, and checks them: each alias names a county, sub-county and
    /// ward of the tree, and no two places share an id.
    pub fn parse(tree: &str, aliases: &str) -> Result<Self, String> {
        // County → sub-county → ward → point, in the file's order.
        let tree: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(tree).map_err(|e| format!("the ward tree: {e}"))?;
        let mut all = Vec::new();
        for (county, subs) in &tree {
            let subs = subs.as_object().ok_or_else(|| format!("{county}: not an object"))?;
            let county_at = all.len();
            all.push(Place {
                id: slug(county),
                name: county.clone(),
                kind: Kind::County,
                county: county.clone(),
                sub_county: String::new(),
                ward: String::new(),
                lat: 0.0,
                lng: 0.0,
            });
            let mut county_points = Vec::new();
            for (sub, wards) in subs {
                let wards: HashMap<String, Point> =
                    serde_json::from_value(wards.clone()).map_err(|e| format!("{county} / {sub}: {e}"))?;
                let sub_at = all.len();
                all.push(Place {
                    id: format!("{}.{}", slug(county), slug(sub)),
                    name: sub.trim().to_owned(),
                    kind: Kind::SubCounty,
                    county: county.clone(),
                    sub_county: sub.trim().to_owned(),
                    ward: String::new(),
                    lat: 0.0,
                    lng: 0.0,
                });
                let mut names: Vec<(&String, &Point)> = wards.iter().collect();
                names.sort_by(|a, b| a.0.cmp(b.0));
                let mut points = Vec::new();
                for (ward, p) in names {
                    points.push((p.y, p.x));
                    all.push(Place {
                        id: format!("{}.{}.{}", slug(county), slug(sub), slug(ward)),
                        name: ward.trim().to_owned(),
                        kind: Kind::Ward,
                        county: county.clone(),
                        sub_county: sub.trim().to_owned(),
                        ward: ward.trim().to_owned(),
                        lat: p.y,
                        lng: p.x,
                    });
                }
                (all[sub_at].lat, all[sub_at].lng) = mean(&points);
                county_points.extend(points);
            }
            (all[county_at].lat, all[county_at].lng) = mean(&county_points);
        }
        let mut places =
            Self { by_id: HashMap::new(), words: Vec::new(), around: Vec::new(), by_word: HashMap::new(), all };
        for i in 0..places.all.len() {
            places.add_id(i)?;
        }
        let aliases: Aliases = serde_json::from_str(aliases).map_err(|e| format!("the aliases: {e}"))?;
        let own: std::collections::HashSet<String> = places.all.iter().map(|p| fold(&p.name)).collect();
        for a in aliases.aliases {
            if own.contains(&fold(&a.name)) {
                return Err(format!("alias {:?} is a place's own name", a.name));
            }
            let target = match (a.sub_county.is_empty(), a.ward.is_empty()) {
                (true, _) => slug(&a.county),
                (false, true) => format!("{}.{}", slug(&a.county), slug(&a.sub_county)),
                (false, false) => format!("{}.{}.{}", slug(&a.county), slug(&a.sub_county), slug(&a.ward)),
            };
            let at = *places.by_id.get(&target).ok_or_else(|| format!("alias {:?}: no place {target}", a.name))?;
            let to = places.all[at].clone();
            places.all.push(Place {
                id: format!("{}~{}", slug(&a.county), slug(&a.name)),
                name: a.name,
                kind: Kind::Estate,
                ..to
            });
            places.add_id(places.all.len() - 1)?;
        }
        places.index_words();
        Ok(places)
    }

    /// Finds place `i` by its id, which no other place may have.
    fn add_id(&mut self, i: usize) -> Result<(), String> {
        let id = &self.all[i].id;
        if self.by_id.insert(id.clone(), i).is_some() {
            return Err(format!("two places are {id}"));
        }
        Ok(())
    }

    fn index_words(&mut self) {
        let words = |text: &str| -> Vec<Vec<char>> { fold(text).split(' ').map(|w| w.chars().collect()).collect() };
        self.words = self.all.iter().map(|p| words(&p.name)).collect();
        self.around = self.all.iter().map(|p| words(&format!("{} {}", p.sub_county, p.county))).collect();
        for (i, name) in self.words.iter().enumerate() {
            for word in name {
                let at = self.by_word.entry(word.iter().collect()).or_default();
                if at.last() != Some(&i) {
                    at.push(i);
                }
            }
        }
    }

    /// The folded words of a place's name.
    fn words_of(&self, place: &Place) -> impl Iterator<Item = String> + '_ {
        let i = self.by_id.get(&place.id).copied().unwrap_or_default();
        self.words[i].iter().map(|w| w.iter().collect())
    }

    pub fn get(&self, id: &str) -> Option<&Place> {
        self.by_id.get(id).map(|&i| &self.all[i])
    }

    /// A place's position in [`Places::all`], which stands for it in compact tables.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    pub fn all(&self) -> &[Place] {
        &self.all
    }
}

/// The widest radius a list from a place may ask for (`radiusKm`, texts::BAD_RADIUS_KM): beyond it,
/// a list is the whole country.
pub const MAX_RADIUS_KM: f64 = 500.0;

/// Whether a latitude and longitude fall in Kenya's box (with a margin): what a position sent to
/// the API may be.
pub fn in_kenya(lat: f64, lng: f64) -> bool {
    (-5.5..=5.5).contains(&lat) && (33.0..=43.0).contains(&lng)
}

/// `LAT,LNG` (as `near=` writes a position) inside Kenya's box, else `None`.
pub fn parse_position(text: &str) -> Option<(f64, f64)> {
    let (lat, lng) = text.split_once(',')?;
    let (lat, lng): (f64, f64) = (lat.trim().parse().ok()?, lng.trim().parse().ok()?);
    in_kenya(lat, lng).then_some((lat, lng))
}

/// Great-circle distance in kilometres (haversine; the earth a sphere of 6,371 km).
pub fn distance_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (lat1, lng1) = (a.0.to_radians(), a.1.to_radians());
    let (lat2, lng2) = (b.0.to_radians(), b.1.to_radians());
    let h = ((lat2 - lat1) / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * ((lng2 - lng1) / 2.0).sin().powi(2);
    2.0 * 6371.0 * h.sqrt().min(1.0).asin()
}

/// Whether `a` and `b` are at most one edit apart (an insertion, a deletion, a substitution or two
/// neighbours swapped).
pub(crate) fn one_edit(a: &[char], b: &[char]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[start..], &b[start..]);
    let end = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[..a.len() - end], &b[..b.len() - end]);
    match (a.len(), b.len()) {
        (0, _) | (_, 0) => a.len() + b.len() <= 1,
        (1, 1) => true,
        (2, 2) => a[0] == b[1] && a[1] == b[0],
        _ => false,
    }
}

/// How well a typed word matches a word of a name: 0 the word itself, 1 its beginning, 2 its
/// beginning with one typo (words of 4 letters or more), none otherwise.
fn word_match(typed: &[char], word: &[char]) -> Option<u8> {
    if typed == word {
        return Some(0);
    }
    if word.starts_with(typed) {
        return Some(1);
    }
    if typed.len() < 4 {
        return None;
    }
    // The typed word against the word's beginnings one letter shorter, as long, and one longer.
    let near = (typed.len().saturating_sub(1)..=typed.len() + 1)
        .filter(|&n| n <= word.len())
        .any(|n| one_edit(typed, &word[..n]));
    near.then_some(2)
}

/// The order of kinds among equally good matches: the wider area first.
fn kind_rank(kind: Kind) -> u8 {
    match kind {
        Kind::County => 0,
        Kind::SubCounty => 1,
        Kind::Estate => 2,
        Kind::Ward => 3,
    }
}

impl Places {
    /// The places a typed text names, best first, at most `limit`: every typed word must begin a
    /// word of the place's name (or its sub-county's or county's: "kilimani nairobi"), one typo
    /// forgiven in words of four letters or more. A whole name beats its beginning, its beginning
    /// beats a word inside it, a match beats one with a typo; then the wider area, the shorter name.
    pub fn search(&self, typed: &str, limit: usize) -> Vec<&Place> {
        let typed: Vec<Vec<char>> =
            fold(typed).split(' ').filter(|w| !w.is_empty()).map(|w| w.chars().collect()).take(6).collect();
        if typed.is_empty() || limit == 0 {
            return Vec::new();
        }
        let whole: Vec<char> = typed.join(&' ').into_iter().collect();
        let mut found: Vec<((u8, u8, u8, usize), usize)> = Vec::new();
        for (i, place) in self.all.iter().enumerate() {
            let words = &self.words[i];
            // Each typed word against the name first: a place none of them names is passed over
            // before its sub-county and county are looked at.
            let in_name: Vec<Option<u8>> =
                typed.iter().map(|t| words.iter().filter_map(|w| word_match(t, w)).min()).collect();
            if in_name.iter().all(Option::is_none) {
                continue;
            }
            let mut cost = 0u8;
            let mut matched = true;
            for (typed_word, best_in_name) in typed.iter().zip(&in_name) {
                let best = best_in_name
                    .or_else(|| self.around[i].iter().filter_map(|w| word_match(typed_word, w)).min().map(|c| c + 1));
                let Some(c) = best else {
                    matched = false;
                    break;
                };
                cost += c;
            }
            if !matched {
                continue;
            }
            let name = words.join(&' ');
            let shape = if name == whole {
                0
            } else if name.starts_with(&whole) {
                1
            } else {
                2
            };
            found.push(((shape, cost, kind_rank(place.kind), name.len()), i));
        }
        found.sort();
        found.into_iter().take(limit).map(|(_, i)| &self.all[i]).collect()
    }

    /// The places of `kind` nearest to `at` (latitude, longitude), nearest first, at most `limit`.
    pub fn nearest(&self, at: (f64, f64), kind: Kind, limit: usize) -> Vec<&Place> {
        let mut by_distance: Vec<(f64, &Place)> =
            self.all.iter().filter(|p| p.kind == kind).map(|p| (distance_km(at, (p.lat, p.lng)), p)).collect();
        by_distance.sort_by(|a, b| a.0.total_cmp(&b.0));
        by_distance.into_iter().take(limit).map(|(_, p)| p).collect()
    }
}

impl Place {
    /// Whether a listing may be placed here: a ward, or an estate (which may stand for a sub-county or
    /// a county: "Thika", "Eldoret").
    pub fn holds_listings(&self) -> bool {
        matches!(self.kind, Kind::Ward | Kind::Estate)
    }

    /// Whether this place lies in `area`: a county, a sub-county, a ward, or an estate standing for one.
    pub fn lies_in(&self, area: &Place) -> bool {
        self.id == area.id
            || self.county == area.county
                && if area.ward.is_empty() {
                    area.sub_county.is_empty() || self.sub_county == area.sub_county
                } else {
                    self.sub_county == area.sub_county && self.ward == area.ward
                }
    }
}

impl Places {
    /// The one ward or estate a free text names ("Kilimani, Nairobi", "Upstairs at Lavington Mall"),
    /// or none when it names none or several: how a listing posted without a picked place is placed.
    ///
    /// A place is named when the words of its name are words of the text, in order. A name inside another
    /// named one does not count ("Milimani" in "Market Milimani"). Counties and sub-counties the text
    /// names, and estates that stand for one ("Thika"), narrow the choice; one of those alone places
    /// the listing only when it is an estate ("Eldoret, Uasin Gishu").
    pub fn named_in(&self, text: &str) -> Option<&Place> {
        let folded = fold(text);
        let order: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
        let text: std::collections::HashSet<&str> = order.iter().copied().collect();
        let mut named: Vec<usize> = text
            .iter()
            .filter_map(|w| self.by_word.get(*w))
            .flatten()
            .copied()
            .filter(|&i| {
                let name: Vec<String> = self.words[i].iter().map(|w| w.iter().collect()).collect();
                order.windows(name.len()).any(|run| run.iter().zip(&name).all(|(a, b)| a == b))
            })
            .collect();
        named.sort_unstable();
        named.dedup();
        // A name whose words are all in a longer named name is that name's part.
        let part_of = |i: usize, j: usize| {
            i != j
                && self.all[j].holds_listings()
                && self.words[i].len() < self.words[j].len()
                && self.words[i].iter().all(|w| self.words[j].contains(w))
        };
        let named: Vec<usize> = named.iter().copied().filter(|&i| !named.iter().any(|&j| part_of(i, j))).collect();
        // A name that several wards or estates have counts only when the counties and sub-counties
        // written say which ("Milimani, Nakuru"; "Township" alone is a dozen places).
        let regions: Vec<&Place> = named.iter().map(|&i| &self.all[i]).filter(|p| !p.holds_listings()).collect();
        let same_name = |i: usize, j: usize| self.words[i] == self.words[j];
        let fits = |i: usize| lies_in_each(&self.all[i], &regions);
        let named: Vec<&Place> = named
            .iter()
            .copied()
            .filter(|&i| {
                let place = &self.all[i];
                !place.holds_listings()
                    || !named.iter().any(|&j| j != i && self.all[j].holds_listings() && same_name(i, j))
                    || fits(i)
                        && !named.iter().any(|&j| j != i && self.all[j].holds_listings() && same_name(i, j) && fits(j))
            })
            .map(|i| &self.all[i])
            .collect();
        // Spots are where a listing can be (wards, estates in a ward); areas narrow them down.
        let (spots, areas): (Vec<&Place>, Vec<&Place>) =
            named.into_iter().partition(|p| p.holds_listings() && !p.ward.is_empty());
        let inside = |p: &Place| lies_in_each(p, &areas);
        let spots: Vec<&Place> = spots.into_iter().filter(|s| inside(s)).collect();
        match spots.as_slice() {
            [one] => Some(one),
            [] => {
                let mut estates: Vec<&Place> =
                    areas.iter().copied().filter(|a| a.holds_listings() && inside(a)).collect();
                // "Landless, Thika": estates of one area, of which the first written is the one meant.
                let at = |p: &Place| order.iter().position(|w| self.words_of(p).any(|n| n == *w));
                estates.sort_by_key(|p| at(p));
                match estates.as_slice() {
                    [first, rest @ ..] if rest.iter().all(|p| first.lies_in(p) && p.lies_in(first)) => Some(first),
                    _ => None,
                }
            }
            // An estate and the ward it lies in: the estate says more.
            several => {
                let estates: Vec<&&Place> = several.iter().filter(|p| p.kind == Kind::Estate).collect();
                match estates.as_slice() {
                    [estate] if several.iter().all(|p| p.lies_in(estate) || estate.lies_in(p)) => Some(estate),
                    _ => None,
                }
            }
        }
    }
}

impl Places {
    /// The area a search's folded words name ("massage nairobi", "makeup in nyali", "kilimani
    /// nairobi"), with the positions of the words naming it; none when they name no place, places
    /// that do not lie one in another ("kilimani mombasa"), or a name several places share that no
    /// other word narrows ("township"). Of one name given to a place and an area around it ("Kasarani"
    /// the sub-county and its ward), the area is meant; of places lying one in another, the smallest.
    /// A one-word name that `means_service` claims ("maua", flowers in Kiswahili) is not a place.
    pub fn area_named(&self, words: &[&str], means_service: impl Fn(&str) -> bool) -> Option<(&Place, Vec<usize>)> {
        // Every run of words that is a place's whole name: (start, length, place).
        let mut runs: Vec<(usize, usize, usize)> = Vec::new();
        for (start, word) in words.iter().enumerate() {
            for &i in self.by_word.get(*word).into_iter().flatten() {
                let name = &self.words[i];
                let end = start + name.len();
                let named = end <= words.len()
                    && name.iter().zip(&words[start..end]).all(|(a, b)| a.iter().copied().eq(b.chars()));
                if named && !(name.len() == 1 && means_service(word)) {
                    runs.push((start, name.len(), i));
                }
            }
        }
        runs.sort_unstable();
        runs.dedup();
        // A run inside a longer one is part of that name ("Nairobi" of "Nairobi West").
        let inside =
            |a: &(usize, usize, usize), b: &(usize, usize, usize)| b.1 > a.1 && b.0 <= a.0 && a.0 + a.1 <= b.0 + b.1;
        let runs: Vec<(usize, usize, usize)> =
            runs.iter().copied().filter(|a| !runs.iter().any(|b| inside(a, b))).collect();
        if runs.is_empty() {
            return None;
        }
        // Each name written is one of the places of that name; the place meant lies in one of each.
        let places = |start: usize| runs.iter().filter(move |r| r.0 == start).map(|r| &self.all[r.2]);
        let starts: std::collections::BTreeSet<usize> = runs.iter().map(|r| r.0).collect();
        let fits = |p: &Place| starts.iter().all(|&s| places(s).any(|q| p.lies_in(q)));
        let fitting: Vec<&Place> = runs.iter().map(|r| &self.all[r.2]).filter(|p| fits(p)).collect();
        let wider_of_its_name = |p: &Place| {
            fitting.iter().any(|q| q.id != p.id && depth(q.kind) < depth(p.kind) && p.lies_in(q) && q.name == p.name)
        };
        let mut meant: Vec<&Place> = fitting.iter().copied().filter(|p| !wider_of_its_name(p)).collect();
        meant.sort_by_key(|p| (depth(p.kind), p.id.clone()));
        meant.dedup_by(|a, b| a.id == b.id);
        // One place, or areas one in the next: the smallest. Anything else is several places.
        let chain = meant.windows(2).all(|w| w[1].lies_in(w[0]));
        let place = meant.last().copied().filter(|_| chain)?;
        let used = runs.iter().flat_map(|r| r.0..r.0 + r.1).collect::<std::collections::BTreeSet<_>>();
        Some((place, used.into_iter().collect()))
    }
}

impl Places {
    /// The place a page's name is (`/services/location/{name}`): "Kasarani", "Kilimani,
    /// Nairobi", "Township, Kakamega". Every word of the name must name the place (`area_named`);
    /// none when a word is left over or several places have the name.
    pub fn page_named(&self, name: &str, means_service: impl Fn(&str) -> bool) -> Option<&Place> {
        let folded = fold(name);
        let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).take(8).collect();
        let (place, used) = self.area_named(&words, means_service)?;
        (used.len() == words.len()).then_some(place)
    }

    /// The name of a place's page: its own name when that is the place, else with its county
    /// ("Township, Kakamega"), else with its sub-county and county; none when no name is.
    pub fn page_name(&self, place: &Place, means_service: impl Fn(&str) -> bool) -> Option<String> {
        [
            place.name.clone(),
            format!("{}, {}", place.name, place.county),
            format!("{}, {}", place.name, place.sub_county),
            format!("{}, {}, {}", place.name, place.sub_county, place.county),
        ]
        .into_iter()
        .find(|name| self.page_named(name, &means_service).is_some_and(|p| p.id == place.id))
    }
}

/// How deep in the tree a kind lies: a county 0, a sub-county 1, a ward or an estate 2.
fn depth(kind: Kind) -> u8 {
    match kind {
        Kind::County => 0,
        Kind::SubCounty => 1,
        Kind::Ward | Kind::Estate => 2,
    }
}

/// Whether `place` lies in each area named: in one of the areas of a name several have (Machakos
/// the county and Machakos the sub-county).
fn lies_in_each(place: &Place, areas: &[&Place]) -> bool {
    areas.iter().all(|a| areas.iter().any(|b| (b.id == a.id || fold(&b.name) == fold(&a.name)) && place.lies_in(b)))
}

/// The places of Kenya, read once.
pub static PLACES: LazyLock<Places> =
    LazyLock::new(|| Places::parse(TREE_JSON, ALIASES_JSON).unwrap_or_else(|e| panic!("catalog/v1/places: {e}")));

#[cfg(test)]
mod tests {
    use super::*;

    fn names<'a>(found: &[&'a Place]) -> Vec<(&'a str, &'static str)> {
        found.iter().map(|p| (p.name.as_str(), p.kind.as_str())).collect()
    }

    #[test]
    fn the_tree_and_the_aliases_read_whole() {
        let count = |kind| PLACES.all().iter().filter(|p| p.kind == kind).count();
        assert_eq!((count(Kind::County), count(Kind::SubCounty), count(Kind::Ward)), (47, 301, 1450));
        assert!(count(Kind::Estate) >= 150, "{} aliases", count(Kind::Estate));
        for p in PLACES.all() {
            assert!((-5.0..=5.5).contains(&p.lat) && (33.5..=42.5).contains(&p.lng), "{p:?}");
            assert_eq!(PLACES.get(&p.id), Some(p));
        }
        let lavington = PLACES.get("nairobi~lavington").expect("Lavington");
        assert_eq!((lavington.kind, lavington.county.as_str()), (Kind::Estate, "Nairobi"));
        let ward = PLACES.get("nairobi.westlands.parklands-highridge").expect("a ward by its id");
        assert_eq!((ward.name.as_str(), ward.sub_county.as_str()), ("Parklands/Highridge", "Westlands"));
    }

    #[test]
    fn a_bad_alias_is_refused_when_read() {
        let tree = r#"{"Nairobi": {"Westlands": {"Kangemi": {"x": 36.74, "y": -1.26}}}}"#;
        let ok = Places::parse(tree, r#"{"aliases": [{"name": "Mountain View", "county": "Nairobi", "subCounty": "Westlands", "ward": "Kangemi"}]}"#).unwrap();
        let estate = ok.get("nairobi~mountain-view").unwrap();
        assert_eq!((estate.ward.as_str(), estate.lat, estate.lng), ("Kangemi", -1.26, 36.74));
        assert!(
            Places::parse(tree, r#"{"aliases": [{"name": "X", "county": "Nairobi", "subCounty": "Kasarani"}]}"#)
                .unwrap_err()
                .contains("no place")
        );
        assert!(Places::parse(tree, r#"{"aliases": [{"name": "X", "county": "Nairobi", "town": "Y"}]}"#).is_err());
        assert!(
            Places::parse(
                tree,
                r#"{"aliases": [{"name": "Uthiru", "county": "Nairobi"}, {"name": "Uthiru", "county": "Nairobi"}]}"#
            )
            .unwrap_err()
            .contains("two places")
        );
        assert!(
            Places::parse(tree, r#"{"aliases": [{"name": "kangemi", "county": "Nairobi"}]}"#)
                .unwrap_err()
                .contains("own name")
        );
    }

    #[test]
    fn typed_names_find_their_places() {
        let first = |typed: &str| PLACES.search(typed, 10).first().map(|p| (p.name.clone(), p.kind));
        assert_eq!(first("Lavington"), Some(("Lavington".into(), Kind::Estate)));
        assert_eq!(first("lavin"), Some(("Lavington".into(), Kind::Estate)), "a beginning");
        assert_eq!(first("lavingtn"), Some(("Lavington".into(), Kind::Estate)), "one typo");
        assert_eq!(first("kasarani"), Some(("Kasarani".into(), Kind::SubCounty)), "the wider area first");
        assert_eq!(first("kasarni"), Some(("Kasarani".into(), Kind::SubCounty)));
        assert_eq!(first("south b"), Some(("South B".into(), Kind::Estate)));
        assert_eq!(first("parklands"), Some(("Parklands".into(), Kind::Estate)), "the estate people say");
        assert_eq!(first("parklands highridge"), Some(("Parklands/Highridge".into(), Kind::Ward)));
        let market = PLACES.search("milimani", 10);
        assert!(names(&market).contains(&("Market Milimani", "ward")), "a word inside a name: {:?}", names(&market));
        assert_eq!(first("nairobi"), Some(("Nairobi".into(), Kind::County)));
        let kasarani = PLACES.search("kasarani", 10);
        assert!(names(&kasarani).contains(&("Kasarani", "ward")), "{:?}", names(&kasarani));
        let milimani = PLACES.search("milimani kisumu", 10);
        assert!(!milimani.is_empty() && milimani.iter().all(|p| p.county == "Kisumu"), "{:?}", names(&milimani));
        assert!(PLACES.search("milimani mombasa", 10).is_empty(), "the county narrows");
        assert!(PLACES.search("", 10).is_empty());
        assert!(PLACES.search(" ,./ ", 10).is_empty());
        assert!(PLACES.search("zzzzqqq", 10).is_empty());
        assert!(PLACES.search("ka", 10).len() == 10, "at most the limit");
    }

    #[test]
    fn the_nearest_ward_of_a_ward_centre_is_that_ward() {
        let ward = PLACES.get("nairobi.westlands.parklands-highridge").unwrap();
        let near = PLACES.nearest((ward.lat, ward.lng), Kind::Ward, 3);
        assert_eq!(near[0].id, ward.id);
        assert_eq!(near.len(), 3);
        let (nairobi, mombasa) = (PLACES.get("nairobi").unwrap(), PLACES.get("mombasa").unwrap());
        let d = distance_km((nairobi.lat, nairobi.lng), (mombasa.lat, mombasa.lng));
        assert!((420.0..460.0).contains(&d), "{d} km");
    }

    #[test]
    fn the_words_of_a_search_name_one_area_or_none() {
        let area = |query: &str| {
            let folded = fold(query);
            let words: Vec<&str> = folded.split(' ').collect();
            PLACES.area_named(&words, |w| w == "maua").map(|(p, used)| (p.id.clone(), used))
        };
        let id = |query: &str| area(query).map(|(id, _)| id);
        assert_eq!(area("massage nairobi"), Some(("nairobi".into(), vec![1])));
        assert_eq!(area("braids kasarani"), Some(("nairobi.kasarani".into(), vec![1])), "the sub-county of that name");
        assert_eq!(id("makeup in nyali").as_deref(), Some("mombasa.nyali"));
        assert_eq!(area("kilimani nairobi nails"), Some(("nairobi.dagoretti-north.kilimani".into(), vec![0, 1])));
        assert_eq!(id("lavington makeup").as_deref(), Some("nairobi~lavington"));
        assert_eq!(id("nairobi west gym").as_deref(), Some("nairobi.langata.nairobi-west"), "the longer name");
        assert_eq!(id("milimani nakuru").as_deref(), Some("nakuru~milimani"));
        assert_eq!(id("south b florist").as_deref(), Some("nairobi~south-b"));
        assert_eq!(id("machakos"), Some("machakos".into()), "the county, not its sub-county of one name");
        assert_eq!(id("township"), None, "a dozen wards");
        assert_eq!(id("milimani"), None, "in Kisumu and in Nakuru");
        assert_eq!(id("kilimani mombasa"), None, "nowhere");
        assert_eq!(id("kilimani kileleshwa"), None, "two places");
        assert_eq!(id("maua na zawadi"), None, "flowers, not the town in Meru");
        assert_eq!(id("bridal makeup"), None);
        assert_eq!(id(""), None);
    }

    #[test]
    fn a_place_page_is_named_by_its_place_alone() {
        let service = |w: &str| w == "maua";
        let page = |name: &str| PLACES.page_named(name, service).map(|p| p.id.as_str());
        assert_eq!(page("Kasarani"), Some("nairobi.kasarani"));
        assert_eq!(page("Kilimani, Nairobi"), Some("nairobi.dagoretti-north.kilimani"));
        assert_eq!(page("lavington"), Some("nairobi~lavington"));
        assert_eq!(page("Nairobi"), Some("nairobi"));
        for town in crate::categories::LOCATIONS {
            assert!(page(town.name).is_some(), "each of the header's towns has a page: {}", town.name);
        }
        assert_eq!(page("massage nairobi"), None, "a word left over");
        assert_eq!(page("Township"), None, "a dozen wards");
        assert_eq!(page("Maua"), None, "flowers");
        assert_eq!(page(""), None);
        // Every place has a page of its own, by its name or with its county or sub-county, but for a
        // place of its county that another shares the name of (Kasarani the ward is in Kasarani the
        // sub-county, whose page is meant; Belgut the sub-county has a ward Belgut elsewhere): 67 today.
        let mut pageless = 0;
        for place in PLACES.all() {
            match PLACES.page_name(place, service) {
                Some(name) => assert_eq!(page(&name), Some(place.id.as_str()), "{name}"),
                None => {
                    pageless += 1;
                    assert!(
                        PLACES
                            .all()
                            .iter()
                            .any(|a| a.id != place.id && a.county == place.county && a.name == place.name)
                            || service(&fold(&place.name)),
                        "{} has no page",
                        place.id
                    );
                }
            }
        }
        assert!(pageless < 100, "{pageless} places without a page");
        let kasarani = PLACES.get("nairobi.kasarani").unwrap();
        assert_eq!(PLACES.page_name(kasarani, service).as_deref(), Some("Kasarani"));
    }

    #[test]
    fn a_location_text_names_one_place_or_none() {
        let placed = |text: &str| PLACES.named_in(text).map(|p| p.id.as_str());
        assert_eq!(placed("Kilimani, Nairobi"), Some("nairobi.dagoretti-north.kilimani"));
        assert_eq!(placed("kilimani"), Some("nairobi.dagoretti-north.kilimani"));
        assert_eq!(placed("Lavington"), Some("nairobi~lavington"), "an estate standing for its sub-county");
        assert_eq!(placed("Lavington, near Kilimani"), Some("nairobi.dagoretti-north.kilimani"), "the narrower");
        assert_eq!(placed("Upstairs at Parklands, Nairobi"), Some("nairobi~parklands"));
        assert_eq!(placed("Parklands/Highridge"), Some("nairobi.westlands.parklands-highridge"), "the whole name");
        assert_eq!(placed("Milimani, Kisumu"), Some("kisumu~milimani"));
        assert_eq!(placed("Market Milimani, Kisumu"), Some("kisumu.kisumu-central.market-milimani"));
        assert_eq!(placed("Township, Kitui"), Some("kitui.kitui-central.township"), "the county narrows");
        assert_eq!(placed("Eldoret"), Some("uasin-gishu~eldoret"));
        assert_eq!(placed("Thika Town, Kiambu"), Some("kiambu~thika"));
        assert_eq!(placed("Landless, Thika"), Some("kiambu~landless"), "the first of one area's estates");
        assert_eq!(placed("Tatu City, Ruiru, Kiambu"), Some("kiambu~tatu-city"));
        assert_eq!(placed("Kasarani, Nairobi"), Some("nairobi.kasarani.kasarani"), "a ward named as its sub-county");
        assert_eq!(placed("Township"), None, "a dozen wards");
        assert_eq!(placed("Milimani"), None, "in Kisumu and in Nakuru");
        assert_eq!(placed("Milimani, Nakuru"), Some("nakuru~milimani"));
        assert_eq!(placed("Makongeni, Thika"), Some("kiambu~thika"), "the ward Makongeni is in Nairobi: the town");
        assert_eq!(placed("CBD, Nairobi"), Some("nairobi~cbd"));
        assert_eq!(placed("Syokimau, Machakos"), Some("machakos~syokimau"), "Machakos the county, not the sub-county");
        assert_eq!(placed("Westlands, Nairobi"), None, "a sub-county is not a ward");
        assert_eq!(placed("Nairobi"), None);
        assert_eq!(placed("Kilimani, Mombasa"), None, "nowhere");
        assert_eq!(placed("Kilimani or Kileleshwa"), None, "two places");
        assert_eq!(placed(""), None);
        assert_eq!(placed("Online only"), None);
    }

    #[test]
    fn names_fold_and_slug() {
        assert_eq!(fold("  Parklands/Highridge "), "parklands highridge");
        assert_eq!(fold("Murang'a"), "muranga");
        assert_eq!(slug("Simat/ Kapseret"), "simat-kapseret");
        assert_eq!(slug("Dandora Area Ii"), "dandora-area-ii");
        assert!(one_edit(&['a', 'b'], &['b', 'a']));
        assert!(!one_edit(&['a', 'b', 'c'], &['c', 'b', 'a']));
    }
}
