package io.frontier.tools.docs;

import java.nio.file.Path;

/**
 * One file the documentation generator writes whole.
 *
 * @param path relative to the project root
 * @param content exactly what the file holds
 */
record GeneratedFile(Path path, String content) {
}
