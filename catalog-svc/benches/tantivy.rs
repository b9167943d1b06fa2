//! Our index or tantivy: the same listings and the same query understanding, measured side by side in
//! one run on one machine (what it found and what was decided: docs/decisions/0005).
//!
//! tantivy gets the very `Document`s our index gets (the demo marketplace, 10,000 and 100,000
//! generated listings) and the same texts per listing: name, subcategory (slug and title),
//! category (id and titles in English and Kiswahili), the subcategory's Kiswahili title, location
//! (text and its place's names) and description, boosted as `search.rs` weighs them. On the query
//! side it gets what ours gets from `Query::parse`: each word matched exactly (BM25, tantivy's own
//! scoring), as a prefix (`FuzzyTermQuery::new_prefix` at distance 0: words of three letters and the
//! last word from two), within one typo (`FuzzyTermQuery`, distance 1 with transpositions, four
//! letters and more) and through the words it means (synonyms), the best of those per word
//! (`DisjunctionMaxQuery`); the listings with every word first (a must-all query, then the rest);
//! then the rating. A place the words name is a filter: the listings whose place lies in it
//! (`Place::lies_in`, a term set on the indexed place), and those without a place whose location
//! text has every word of its name; when nothing there has every word, the matches anywhere,
//! nearest first, as ours answers them. A place alone lists what is there, nearest first.
//!
//! Measured for both: precision@5 and nDCG@10 of the judged set on the demo and on 10,000 listings
//! (and the queries where each falls short); p50 and p95 of `benches/search.rs`'s queries at 10,000
//! and 100,000 listings, each counting the hits and ranking the first page of 48; index build time
//! and resident memory at both sizes.
//!
//! `cargo bench --locked -p catalog-svc --features tantivy --bench tantivy` (release build). The
//! `tantivy` feature is off by default: the workspace's clippy and tests never build tantivy.
//! `TANTIVY_BENCH_ITERATIONS` (default 200) sets the timed runs per query and engine.

mod common;

use std::{collections::HashSet, sync::Arc, time::Instant};

use catalog_svc::{
    query::{Query, Term},
    relevance,
    search::{
        CATEGORY, DESCRIPTION, Document, EXACT, LOCATION, NAME, Origin, PREFIX, SUBCATEGORY, SUBCATEGORY_SW, SYNONYM,
        SearchIndex, TYPO, located, rank_of, titled,
    },
    seed, synthetic,
};
use common::{FROM_KASARANI, PAGE, QUERIES, percentile, resident_mib, timed};
use mtaani_proto::places::{PLACES, distance_km, fold};
use tantivy::{
    DocAddress, DocId, Index, IndexReader, IndexWriter, ReloadPolicy, Score, Searcher, SegmentReader, TantivyDocument,
    collector::{Count, TopDocs},
    query::{
        AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur, TermQuery,
        TermSetQuery,
    },
    schema::{FAST, Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions},
};

/// A tantivy query.
type Search = Box<dyn tantivy::query::Query>;

/// How a page is ordered after "every word first": a tuple compared as a whole, the larger first.
/// Relevance first: (score, rating, nearer as shown, nearer); nearest first: (nearer as shown,
/// score, rating, nearer).
type Key = (f32, f32, f32, f32);

/// What a search answers: how many listings in all, the first page's ids, and how many in all have
/// every word.
struct Found {
    total: usize,
    ids: Vec<String>,
    every: usize,
}

/// The listings in a tantivy index held in RAM, with our ids beside it.
struct Tantivy {
    reader: IndexReader,
    /// The searched texts and their weights.
    texts: [(Field, f32); 6],
    /// The folded location text of a listing without a place (what a place's filter looks in).
    unplaced: Field,
    place: Field,
    ids: Vec<String>,
}

impl Tantivy {
    fn build(documents: &[Document]) -> tantivy::Result<Self> {
        let mut schema = Schema::builder();
        // Frequencies and norms for BM25; no positions (no phrase is searched) and nothing stored.
        let words =
            TextFieldIndexing::default().set_tokenizer("default").set_index_option(IndexRecordOption::WithFreqs);
        let text = TextOptions::default().set_indexing_options(words);
        let name = schema.add_text_field("name", text.clone());
        let subcategory = schema.add_text_field("subcategory", text.clone());
        let category = schema.add_text_field("category", text.clone());
        let subcategory_sw = schema.add_text_field("subcategory_sw", text.clone());
        let location = schema.add_text_field("location", text.clone());
        let description = schema.add_text_field("description", text);
        let unplaced = schema.add_text_field(
            "unplaced",
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer("default")
                    .set_index_option(IndexRecordOption::Basic)
                    .set_fieldnorms(false),
            ),
        );
        let ord = schema.add_u64_field("ord", FAST);
        let place = schema.add_u64_field("place", INDEXED | FAST);
        let rank = schema.add_u64_field("rank", FAST);
        let serves = schema.add_u64_field("serves", FAST);
        let index = Index::create_in_ram(schema.build());
        // One indexing thread, as ours builds on one; a budget large enough for one segment.
        let mut writer: IndexWriter<TantivyDocument> = index.writer_with_num_threads(1, 400_000_000)?;
        let places = PLACES.all();
        for (i, d) in documents.iter().enumerate() {
            let (category_text, subcategory_text, subcategory_sw_text) = titled(&d.category, &d.subcategory);
            let at = PLACES.index_of(&d.place_id);
            let mut doc = TantivyDocument::default();
            doc.add_text(name, &d.name);
            doc.add_text(subcategory, subcategory_text);
            doc.add_text(category, category_text);
            doc.add_text(subcategory_sw, subcategory_sw_text);
            doc.add_text(location, located(&d.location, at.map(|i| &places[i])));
            doc.add_text(description, &d.description);
            if at.is_none() {
                doc.add_text(unplaced, fold(&d.location));
            }
            doc.add_u64(ord, i as u64);
            doc.add_u64(place, at.unwrap_or(places.len()) as u64);
            doc.add_u64(rank, u64::from(rank_of(d.rating_count, d.rating_sum)));
            doc.add_u64(serves, d.serves_radius_km.clamp(0, 50) as u64);
            writer.add_document(doc)?;
        }
        writer.commit()?;
        writer.wait_merging_threads()?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok(Self {
            reader,
            texts: [
                (name, NAME),
                (subcategory, SUBCATEGORY),
                (category, CATEGORY),
                (subcategory_sw, SUBCATEGORY_SW),
                (location, LOCATION),
                (description, DESCRIPTION),
            ],
            unplaced,
            place,
            ids: documents.iter().map(|d| d.id.clone()).collect(),
        })
    }

    /// One word of the query: the best of its matches in every field, each boosted as ours weighs it.
    fn word(&self, term: &Term, last: bool) -> Search {
        let letters = term.word.chars().count();
        let boosted = |q: Search, boost: f32| -> Search { Box::new(BoostQuery::new(q, boost)) };
        let mut matches: Vec<Search> = Vec::new();
        for &(field, weight) in &self.texts {
            // A phrase ("mpiga picha") is matched only by what it means, as ours does.
            if !term.word.contains(' ') {
                let typed = tantivy::Term::from_field_text(field, &term.word);
                matches.push(boosted(
                    Box::new(TermQuery::new(typed.clone(), IndexRecordOption::WithFreqs)),
                    weight * EXACT,
                ));
                if letters >= if last { 2 } else { 3 } {
                    matches
                        .push(boosted(Box::new(FuzzyTermQuery::new_prefix(typed.clone(), 0, true)), weight * PREFIX));
                }
                if letters >= 4 {
                    matches.push(boosted(Box::new(FuzzyTermQuery::new(typed, 1, true)), weight * TYPO));
                }
            }
            for meant in &term.means {
                let meant = tantivy::Term::from_field_text(field, meant);
                matches.push(boosted(Box::new(TermQuery::new(meant, IndexRecordOption::WithFreqs)), weight * SYNONYM));
            }
        }
        Box::new(DisjunctionMaxQuery::new(matches))
    }

    /// Where an origin keeps listings (its area and radius; `None`: anywhere), scored 0, and each
    /// place's distance from it (the last, infinite: no place).
    fn scope(&self, origin: &Origin) -> (Option<Search>, Arc<Vec<f32>>) {
        let places = PLACES.all();
        let km: Vec<f32> = places
            .iter()
            .map(|p| distance_km(origin.at, (p.lat, p.lng)) as f32)
            .chain(std::iter::once(f32::INFINITY))
            .collect();
        let area = origin.area.and_then(|i| places.get(i));
        if area.is_none() && origin.radius_km.is_none() {
            return (None, Arc::new(km));
        }
        // The radius against the place's distance: no generated listing travels (`serves_radius_km` 0).
        let allowed = places
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                area.is_none_or(|a| p.lies_in(a)) && origin.radius_km.is_none_or(|r| f64::from(km[*i]) <= r)
            })
            .map(|(i, _)| tantivy::Term::from_field_u64(self.place, i as u64));
        let mut either: Vec<Search> = vec![Box::new(TermSetQuery::new(allowed))];
        if let (Some(area), None) = (area, origin.radius_km) {
            // Without a place: when the location text has every word of the area's name.
            let name: Vec<Search> = fold(&area.name)
                .split(' ')
                .map(|w| {
                    Box::new(TermQuery::new(tantivy::Term::from_field_text(self.unplaced, w), IndexRecordOption::Basic))
                        as Search
                })
                .collect();
            either.push(Box::new(BooleanQuery::intersection(name)));
        }
        (Some(Box::new(ConstScoreQuery::new(Box::new(BooleanQuery::union(either)), 0.0))), Arc::new(km))
    }

    /// The collector of a page: the `limit` best by `Key`, and how many matched.
    fn page(
        limit: usize,
        km: Arc<Vec<f32>>,
        nearest_first: bool,
    ) -> impl tantivy::collector::Collector<Fruit = Vec<(Key, DocAddress)>> {
        TopDocs::with_limit(limit).tweak_score(move |segment: &SegmentReader| {
            let column = |name: &str| segment.fast_fields().u64(name).expect("a fast field").first_or_default_col(0);
            let (place, rank) = (column("place"), column("rank"));
            let km = Arc::clone(&km);
            // As ours: the real distance, whether or not the provider travels.
            move |doc: DocId, score: Score| -> Key {
                let at = km.get(place.get_val(doc) as usize).copied().unwrap_or(f32::INFINITY);
                let rank = rank.get_val(doc) as f32;
                if nearest_first { (-at, score, rank, 0.0) } else { (score, rank, -at, 0.0) }
            }
        })
    }

    /// The listings with every word (`terms`), then those with some, kept to `filter`, a page of
    /// `limit` ordered by `Key`.
    fn ranked(
        &self,
        searcher: &Searcher,
        terms: &[Search],
        filter: Option<&Search>,
        km: &Arc<Vec<f32>>,
        nearest_first: bool,
        limit: usize,
    ) -> tantivy::Result<(usize, usize, Vec<DocAddress>)> {
        let kept = |q: Search| -> Search {
            match filter {
                Some(f) => Box::new(BooleanQuery::new(vec![(Occur::Must, q), (Occur::Must, f.box_clone())])),
                None => q,
            }
        };
        let every: Search = match terms {
            [] => filter.map_or_else(|| Box::new(AllQuery) as Search, |f| f.box_clone()),
            [one] => kept(one.box_clone()),
            _ => kept(Box::new(BooleanQuery::intersection(terms.iter().map(|t| t.box_clone()).collect()))),
        };
        let (top, all) = searcher.search(&every, &(Self::page(limit, Arc::clone(km), nearest_first), Count))?;
        let mut hits: Vec<DocAddress> = top.into_iter().map(|(_, a)| a).collect();
        let mut total = all;
        if terms.len() > 1 {
            let every = Box::new(BooleanQuery::intersection(terms.iter().map(|t| t.box_clone()).collect()));
            let some: Search = Box::new(BooleanQuery::new(vec![
                (Occur::Must, Box::new(BooleanQuery::union(terms.iter().map(|t| t.box_clone()).collect()))),
                (Occur::MustNot, every),
            ]));
            let some = kept(some);
            if hits.len() < limit {
                let (more, n) =
                    searcher.search(&some, &(Self::page(limit - hits.len(), Arc::clone(km), nearest_first), Count))?;
                hits.extend(more.into_iter().map(|(_, a)| a));
                total += n;
            } else {
                total += searcher.search(&some, &Count)?;
            }
        }
        Ok((total, all, hits))
    }

    /// What the service does per request: how many listings match, and the first `limit`, best
    /// first, from the place named or `origin`.
    fn search(&self, query: &Query, origin: Option<&Origin>, limit: usize) -> tantivy::Result<Found> {
        let places = PLACES.all();
        let place = query.place.filter(|&i| i < places.len());
        if query.terms.is_empty() && place.is_none() {
            return Ok(Found { total: 0, ids: Vec::new(), every: 0 });
        }
        let origin = match place {
            Some(i) => Some(Origin { at: (places[i].lat, places[i].lng), radius_km: None, area: Some(i) }),
            None => origin.cloned(),
        };
        let searcher = self.reader.searcher();
        let n = query.terms.len();
        let terms: Vec<Search> = query.terms.iter().enumerate().map(|(i, t)| self.word(t, i + 1 == n)).collect();
        let (filter, km) = match &origin {
            Some(o) => self.scope(o),
            None => (None, Arc::new(Vec::new())),
        };
        let mut found = self.ranked(&searcher, &terms, filter.as_ref(), &km, terms.is_empty(), limit)?;
        if place.is_some() && !terms.is_empty() && found.1 == 0 {
            // Nothing in the place has every word: the matches anywhere, nearest first.
            found = self.ranked(&searcher, &terms, None, &km, true, limit)?;
        }
        let (total, every, hits) = found;
        let ords: Vec<_> = searcher
            .segment_readers()
            .iter()
            .map(|s| s.fast_fields().u64("ord").expect("a fast field").first_or_default_col(0))
            .collect();
        let ids =
            hits.iter().map(|a| self.ids[ords[a.segment_ord as usize].get_val(a.doc_id) as usize].clone()).collect();
        Ok(Found { total, ids, every })
    }

    fn segments(&self) -> usize {
        self.reader.searcher().segment_readers().len()
    }

    /// What tantivy reports its index takes, in MiB.
    fn space_mib(&self) -> f64 {
        self.reader.searcher().space_usage().map_or(0.0, |u| u.total().get_bytes() as f64 / 1024.0 / 1024.0)
    }
}

/// One judged query's answer: its scores, and the answers among its first ten that are not
/// relevant (rank from 1, id).
struct Answered {
    query: String,
    p5: f64,
    ndcg: f64,
    wrong: Vec<(usize, String)>,
}

/// One engine's answers to the judged set, per query judged.
struct Judged {
    queries: Vec<Answered>,
}

impl Judged {
    fn run(documents: &[Document], first_ten: impl Fn(&str) -> Vec<String>) -> Self {
        let mut queries = Vec::new();
        for j in relevance::judged() {
            let relevant: HashSet<String> = j.relevant(documents);
            if relevant.is_empty() && !j.want.is_empty() {
                continue;
            }
            let answer = first_ten(&j.query);
            let (p5, ndcg) = relevance::score(&answer, &relevant);
            // The answers among the first ten that are not relevant: where, and which.
            let wrong = answer
                .iter()
                .enumerate()
                .filter(|(_, id)| !relevant.contains(*id))
                .map(|(i, id)| (i + 1, id.clone()))
                .collect();
            queries.push(Answered { query: j.query.clone(), p5, ndcg, wrong });
        }
        Self { queries }
    }

    fn means(&self) -> (f64, f64) {
        let n = self.queries.len().max(1) as f64;
        (self.queries.iter().map(|q| q.p5).sum::<f64>() / n, self.queries.iter().map(|q| q.ndcg).sum::<f64>() / n)
    }

    /// Whether the query numbered `i` falls short as `tests/catalog/relevance.rs` prints it.
    fn short(&self, i: usize) -> bool {
        self.queries[i].p5 < 1.0 || self.queries[i].ndcg < 0.9
    }
}

fn main() -> tantivy::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
    let runs: usize = std::env::var("TANTIVY_BENCH_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);

    println!("### Relevance: the judged query set (catalog-svc/relevance/judged.json)");
    println!();
    println!("| catalogue | engine | queries judged | precision@5 | nDCG@10 |");
    println!("|---|---|---:|---:|---:|");
    let mut short = Vec::new();
    for (catalogue, documents) in
        [("demo", seed::demo_documents()), ("generated, 10,000", synthetic::documents(10_000))]
    {
        let name_of = |id: &str| documents.iter().find(|d| d.id == id).map_or(String::new(), |d| d.name.clone());
        let ours = SearchIndex::from_documents(documents.clone());
        let theirs = Tantivy::build(&documents)?;
        let ours_judged = Judged::run(&documents, |q| {
            runtime.block_on(ours.search(&Query::parse(q), None, 0, 10)).hits.into_iter().map(|h| h.id).collect()
        });
        let theirs_judged =
            Judged::run(&documents, |q| theirs.search(&Query::parse(q), None, 10).map(|f| f.ids).unwrap_or_default());
        // The same scores as `relevance::judge`, which `tests/catalog/relevance.rs` holds above its floors.
        let reference = runtime.block_on(relevance::judge(documents.clone()));
        let (p5, ndcg) = ours_judged.means();
        assert!((p5 - reference.precision_at_5).abs() < 1e-9 && (ndcg - reference.ndcg_at_10).abs() < 1e-9);
        for (engine, judged) in [("ours", &ours_judged), ("tantivy", &theirs_judged)] {
            let (p5, ndcg) = judged.means();
            println!("| {catalogue} | {engine} | {} | {p5:.3} | {ndcg:.3} |", judged.queries.len());
        }
        for i in 0..ours_judged.queries.len() {
            if ours_judged.short(i) || theirs_judged.short(i) {
                let cell = |j: &Judged| {
                    let Answered { p5, ndcg, wrong, .. } = &j.queries[i];
                    let at: Vec<String> = wrong.iter().map(|(rank, _)| rank.to_string()).collect();
                    let first = wrong.first().map_or(String::new(), |(_, id)| format!(", first: {}", name_of(id)));
                    format!(
                        "{p5:.2} / {ndcg:.2} (not relevant at {}{first})",
                        if at.is_empty() { "none".into() } else { at.join(", ") }
                    )
                };
                short.push(format!(
                    "| {catalogue} | `{}` | {} | {} |",
                    ours_judged.queries[i].query,
                    cell(&ours_judged),
                    cell(&theirs_judged)
                ));
            }
        }
    }
    println!();
    println!("### Queries that fall short (precision@5 < 1 or nDCG@10 < 0.9 on either)");
    println!();
    println!("| catalogue | query | ours p@5 / nDCG@10 | tantivy p@5 / nDCG@10 |");
    println!("|---|---|---|---|");
    for line in short {
        println!("{line}");
    }

    let kasarani = {
        let p = PLACES.get("nairobi.kasarani.kasarani").expect("a place of the data");
        Origin { at: (p.lat, p.lng), radius_km: Some(10.0), area: None }
    };
    let mut builds = Vec::new();
    println!();
    println!("### Latency: a search, its hits counted and its first page of 48 ranked (ms)");
    println!();
    println!("| listings | query | hits ours | hits tantivy | ours p50 | ours p95 | tantivy p50 | tantivy p95 |");
    println!("|---:|---|---:|---:|---:|---:|---:|---:|");
    for n in [10_000, 100_000] {
        let documents = synthetic::documents(n);
        // Measured from before the copy our index consumes (its texts are freed as it builds).
        mtaani_runtime::process::trim_allocator();
        let before = resident_mib();
        let copy = documents.clone();
        let built = Instant::now();
        let ours = SearchIndex::from_documents(copy);
        let ours_ms = built.elapsed().as_secs_f64() * 1e3;
        mtaani_runtime::process::trim_allocator();
        let ours_mib = resident_mib() - before;
        let (built, before) = (Instant::now(), resident_mib());
        let theirs = Tantivy::build(&documents)?;
        let theirs_ms = built.elapsed().as_secs_f64() * 1e3;
        mtaani_runtime::process::trim_allocator();
        let theirs_mib = resident_mib() - before;
        builds.push(format!(
            "| {n} | {ours_ms:.0} ms, {ours_mib:.0} MiB | {theirs_ms:.0} ms, {theirs_mib:.0} MiB ({:.1} MiB by its own count, {} segment) |",
            theirs.space_mib(),
            theirs.segments(),
        ));
        let (mut ours_all, mut theirs_all) = (Vec::new(), Vec::new());
        let searches = QUERIES.iter().map(|q| (*q, None)).chain(FROM_KASARANI.iter().map(|q| (*q, Some(&kasarani))));
        for (q, from) in searches {
            let ours_hits = runtime.block_on(ours.search(&Query::parse(q), from, 0, PAGE)).total;
            let theirs_hits = theirs.search(&Query::parse(q), from, PAGE)?.total;
            let ours_times = timed(runs, || {
                let query = Query::parse(std::hint::black_box(q));
                std::hint::black_box(runtime.block_on(ours.search(&query, from, 0, PAGE)));
            });
            let theirs_times = timed(runs, || {
                let query = Query::parse(std::hint::black_box(q));
                std::hint::black_box(theirs.search(&query, from, PAGE).map(|f| f.every).ok());
            });
            ours_all.extend_from_slice(&ours_times);
            theirs_all.extend_from_slice(&theirs_times);
            let label = if from.is_some() { format!("`{q}` from Kasarani, 10 km") } else { format!("`{q}`") };
            println!(
                "| {n} | {label} | {ours_hits} | {theirs_hits} | {:.3} | {:.3} | {:.3} | {:.3} |",
                percentile(&ours_times, 0.5),
                percentile(&ours_times, 0.95),
                percentile(&theirs_times, 0.5),
                percentile(&theirs_times, 0.95)
            );
        }
        ours_all.sort();
        theirs_all.sort();
        println!(
            "| {n} | **all {} searches** | | | {:.3} | {:.3} | {:.3} | {:.3} |",
            QUERIES.len() + FROM_KASARANI.len(),
            percentile(&ours_all, 0.5),
            percentile(&ours_all, 0.95),
            percentile(&theirs_all, 0.5),
            percentile(&theirs_all, 0.95)
        );
    }
    println!();
    println!("### Index build (one thread each) and resident memory growth");
    println!();
    println!("| listings | ours | tantivy (in RAM) |");
    println!("|---:|---|---|");
    for line in builds {
        println!("{line}");
    }
    Ok(())
}
