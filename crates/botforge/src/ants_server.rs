//! `botforge ants server`: argument parsing and wiring for [`ants_server`] (the game port)
//! and [`viewer::ladder`] (the ladder web pages beside it).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use clap::Args;

/// Arguments of `botforge ants server`.
#[derive(Args, Debug)]
pub struct ServerArgs {
    /// Address of the game port (the 2011 servers used 2081).
    #[arg(long, default_value = "127.0.0.1:2081")]
    addr: SocketAddr,
    /// Address of the ladder web pages, or `off`.
    #[arg(long, default_value = "127.0.0.1:2080")]
    web: String,
    /// Map folder: every `*.map` below it (default: the official maps of a clone).
    #[arg(long, default_value = "data/ants/maps")]
    maps: PathBuf,
    /// Results store: a SQLite file or a `postgres://` URL.
    #[arg(long, default_value = "botforge.db")]
    db: String,
    /// Run name of the server's games in the store.
    #[arg(long, default_value = ants_server::DEFAULT_RUN)]
    run: String,
    /// Folder of the replay files.
    #[arg(long, default_value = "replays")]
    replays: PathBuf,
    /// House bots that fill the empty seats of a game after --house-wait, comma separated
    /// specs of `botforge ants bots` (e.g. `champion,xathis-style`).
    #[arg(long, value_name = "BOTS")]
    house: Option<String>,
    /// Seconds a pending game with a player waits before house bots fill it.
    #[arg(long, default_value_t = 10.0)]
    house_wait: f64,
    /// Server seed: game N is played with a seed derived from it and N.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Turns per game (the 2011 servers: 1000).
    #[arg(long, default_value_t = 1000)]
    turns: u32,
    /// Turn time in ms sent to the clients (the 2011 servers sent 500).
    #[arg(long, default_value_t = 500)]
    turntime: u64,
    /// Setup time in ms sent to the clients.
    #[arg(long, default_value_t = 5000)]
    loadtime: u64,
    /// How long the server waits for a turn's answer, in ms, whatever it sends (the 2011
    /// servers waited 5000); at least --turntime.
    #[arg(long, default_value_t = 5000)]
    turn_wait: u64,
    /// Seconds a new connection has to send `USER name password`.
    #[arg(long, default_value_t = 10)]
    login_timeout: u64,
    /// Most open connections.
    #[arg(long, default_value_t = 512)]
    max_connections: usize,
    /// Most open connections from one address.
    #[arg(long, default_value_t = 128)]
    max_per_address: usize,
    /// Most games (pending or running) one name may be in at once.
    #[arg(long, default_value_t = 1)]
    games_per_name: usize,
    /// The 2011 client script to offer for download on the ladder (`/tcpclient.py`).
    #[arg(long)]
    client_script: Option<PathBuf>,
}

fn seconds(what: &str, s: f64) -> anyhow::Result<Duration> {
    anyhow::ensure!(
        s.is_finite() && (0.0..=86_400.0).contains(&s),
        "--{what} must be between 0 and 86400 seconds"
    );
    Ok(Duration::from_secs_f64(s))
}

impl ServerArgs {
    fn config(&self) -> anyhow::Result<ants_server::ServerConfig> {
        anyhow::ensure!(
            (1..=100_000).contains(&self.turns),
            "--turns must be 1 to 100000"
        );
        for (what, ms) in [
            ("turntime", self.turntime),
            ("loadtime", self.loadtime),
            ("turn-wait", self.turn_wait),
        ] {
            anyhow::ensure!(
                (1..=600_000).contains(&ms),
                "--{what} must be 1 to 600000 ms"
            );
        }
        anyhow::ensure!(
            self.turn_wait >= self.turntime,
            "--turn-wait must be at least --turntime"
        );
        anyhow::ensure!(
            (1..=1_000_000).contains(&self.max_connections),
            "--max-connections must be 1 to 1000000"
        );
        anyhow::ensure!(
            self.max_per_address >= 1 && self.games_per_name >= 1,
            "--max-per-address and --games-per-name must be at least 1"
        );
        anyhow::ensure!(
            (1..=3600).contains(&self.login_timeout),
            "--login-timeout must be 1 to 3600 seconds"
        );
        let mut c = ants_server::ServerConfig::new(&self.db, &self.maps.to_string_lossy());
        c.addr = self.addr;
        c.run.clone_from(&self.run);
        c.replays.clone_from(&self.replays);
        c.house = self
            .house
            .as_deref()
            .map(|h| {
                botspec::split_list(h)
                    .into_iter()
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        c.house_wait = seconds("house-wait", self.house_wait)?;
        c.seed = self.seed;
        c.game.turns = self.turns;
        c.game.turntime_ms = self.turntime;
        c.game.loadtime_ms = self.loadtime;
        c.turn_wait = Duration::from_millis(self.turn_wait);
        c.login_timeout = Duration::from_secs(self.login_timeout);
        c.max_connections = self.max_connections;
        c.max_per_address = self.max_per_address;
        c.games_per_name = self.games_per_name;
        Ok(c)
    }
}

/// Runs the game server (and the ladder pages) until the process ends.
pub fn run(args: &ServerArgs) -> anyhow::Result<ExitCode> {
    let config = args.config()?;
    let web: Option<SocketAddr> = match args.web.as_str() {
        "off" => None,
        a => Some(
            a.parse()
                .with_context(|| format!("--web: not an address: {a}"))?,
        ),
    };
    let server = ants_server::Server::bind(config.clone())?;
    let game_addr = server.local_addr();
    eprintln!(
        "botforge ants server: games on {game_addr} (run {}, store {})",
        config.run,
        arena::store::any::AnyStore::display_name(&config.db)
    );
    if let Some(web) = web {
        let ladder = viewer::LadderConfig {
            db: config.db.clone(),
            run: config.run.clone(),
            maps: config.maps.clone(),
            game_addr: game_addr.to_string(),
        };
        let script = args.client_script.clone();
        let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
        std::thread::Builder::new()
            .name("ants-server-web".into())
            .spawn(move || {
                let served = runtime.block_on(viewer::ladder::serve_ladder_with(
                    web,
                    ladder,
                    script,
                    viewer::Limits::default(),
                    |addr| eprintln!("botforge ants server: ladder on http://{addr}/"),
                ));
                if let Err(e) = served {
                    eprintln!("botforge ants server: the ladder stopped: {e:#}");
                }
            })?;
    }
    server.run()?;
    Ok(ExitCode::SUCCESS)
}
