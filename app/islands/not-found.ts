// The 404 page: logs the path that was asked for, so broken links show up in the console.
console.error("404 Error: User attempted to access non-existent route:", location.pathname);
