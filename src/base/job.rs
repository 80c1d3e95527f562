//! One piece of background work of a mode (a bot's search, a hint, a
//! solver): it runs on the async compute pool, off the frame, for the
//! position at one revision, with a stop flag the search checks. Every mode
//! keeps its jobs in these, so a job is stopped the same way everywhere: when
//! it is dropped (the position changed, the game went, the world quit) its
//! flag is raised and the search ends at its next check instead of holding a
//! thread of the shared pool.

use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct Job<T> {
    task: Task<T>,
    stop: Arc<AtomicBool>,
    /// The revision of the position the job works on.
    pub revision: u64,
    /// A hint for a person (shown, never played), not a bot's move.
    pub hint: bool,
    /// Seconds of game time since it started.
    pub waited: f32,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` with a fresh stop flag, which it should check now and then.
    pub fn spawn(
        revision: u64,
        hint: bool,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> Job<T> {
        Job::spawn_with(Arc::new(AtomicBool::new(false)), revision, hint, work)
    }

    /// Starts `work` with a stop flag made beforehand (one a search budget
    /// already holds).
    pub fn spawn_with(
        stop: Arc<AtomicBool>,
        revision: u64,
        hint: bool,
        work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
    ) -> Job<T> {
        let flag = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move { work(flag) });
        Job {
            task,
            stop,
            revision,
            hint,
            waited: 0.0,
        }
    }
}

impl<T> Job<T> {
    /// The answer, once the work is done.
    pub fn poll(&mut self) -> Option<T> {
        check_ready(&mut self.task)
    }

    /// Asks the work to end at its next check (its answer still comes).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Lets the job in `slot` go, if there is one; true when one was let go.
pub fn let_go<T>(slot: &mut Option<Job<T>>) -> bool {
    slot.take().is_some()
}

/// A mode's one job at a time, a bot's move or a hint, with the counts
/// tests read: searches started, and jobs let go before they answered.
#[derive(bevy::prelude::Resource)]
pub struct JobSlot<T: Send + Sync + 'static> {
    job: Option<Job<T>>,
    pub started: u64,
    pub abandoned: u64,
}

impl<T: Send + Sync + 'static> Default for JobSlot<T> {
    fn default() -> Self {
        JobSlot {
            job: None,
            started: 0,
            abandoned: 0,
        }
    }
}

impl<T: Send + Sync + 'static> JobSlot<T> {
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }
    pub fn bot_thinking(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.hint)
    }
    pub fn hinting(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.hint)
    }

    /// Starts `job` (the one before, if any, is let go).
    pub fn start(&mut self, job: Job<T>) {
        self.abandon();
        self.job = Some(job);
        self.started += 1;
    }

    /// Lets the job go, counted when there was one.
    pub fn abandon(&mut self) {
        if let_go(&mut self.job) {
            self.abandoned += 1;
        }
    }

    /// Lets the job go when it works for another revision than `current`
    /// (`None`: no game in play).
    pub fn abandon_unless(&mut self, current: Option<u64>) {
        if self
            .job
            .as_ref()
            .is_some_and(|j| Some(j.revision) != current)
        {
            self.abandon();
        }
    }

    /// The job's answer once it has one, with whether it is a hint, for
    /// the position at `current` (an answer for another is dropped). A
    /// bot's answer waits until the pieces have `settled` and `delay`
    /// seconds have passed since it started, so people can follow; `dt` is
    /// this frame's time.
    pub fn collect(
        &mut self,
        dt: f32,
        settled: bool,
        delay: f32,
        current: Option<u64>,
    ) -> Option<(T, bool)> {
        let j = self.job.as_mut()?;
        j.waited += dt;
        if !j.hint && (!settled || j.waited < delay) {
            return None;
        }
        let answer = j.poll()?;
        let (revision, hint) = (j.revision, j.hint);
        self.job = None;
        (Some(revision) == current).then_some((answer, hint))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::TaskPool;
    use std::time::{Duration, Instant};

    fn pool() {
        AsyncComputeTaskPool::get_or_init(TaskPool::new);
    }

    /// Polls until the job answers (the pool runs it on its own threads).
    fn answer<T>(job: &mut Job<T>) -> T {
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(a) = job.poll() {
                return a;
            }
            assert!(Instant::now() < end, "the job never answered");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn a_job_answers_with_its_revision_kept() {
        pool();
        let mut job = Job::spawn(7, true, |_| 6 * 7);
        assert_eq!(answer(&mut job), 42);
        assert_eq!((job.revision, job.hint), (7, true));
    }

    /// Waits until `flag` is up.
    fn until(flag: &AtomicBool, what: &str) {
        let end = Instant::now() + Duration::from_secs(10);
        while !flag.load(Ordering::Relaxed) {
            assert!(Instant::now() < end, "{what}");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn letting_a_job_go_raises_its_stop_flag_and_the_work_ends() {
        pool();
        let started = Arc::new(AtomicBool::new(false));
        let ended = Arc::new(AtomicBool::new(false));
        let flag = Arc::new(AtomicBool::new(false));
        let mut slot = Some(Job::spawn_with(flag.clone(), 1, false, {
            let (started, ended) = (started.clone(), ended.clone());
            move |stop: Arc<AtomicBool>| {
                started.store(true, Ordering::Relaxed);
                // Works until told to stop, like a search.
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                ended.store(true, Ordering::Relaxed);
            }
        }));
        until(&started, "the work never started");
        assert!(!flag.load(Ordering::Relaxed));
        assert!(let_go(&mut slot));
        assert!(flag.load(Ordering::Relaxed), "the flag is up once let go");
        assert!(!let_go(&mut slot), "nothing left to let go");
        until(&ended, "the work did not see the flag");
    }
}
