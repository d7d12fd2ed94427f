/**
 * The runner's protocol, written as @actions/core writes it: workflow
 * commands on stdout (`::warning file=…::message`) and file commands
 * (GITHUB_OUTPUT, GITHUB_STATE, GITHUB_STEP_SUMMARY). The same bytes for the
 * same call (test/unit/workflow-commands.test.ts runs both side by side).
 *
 * Not @actions/core itself: importing it evaluates its OIDC client, which
 * loads @actions/http-client and a second undici, a megabyte of code and about
 * 70 ms of CPU in every step, for an identity token this action never asks for.
 */
import { randomUUID } from 'node:crypto'
import { appendFileSync, constants, existsSync } from 'node:fs'
import { access, appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'
import type { AnnotationProperties, InputOptions } from '@actions/core'

type CommandProperties = Record<string, unknown>

function commandValue(input: unknown): string {
  if (input === null || input === undefined) return ''
  if (typeof input === 'string' || input instanceof String) return String(input)
  return JSON.stringify(input)
}

function escapeData(value: unknown): string {
  return commandValue(value).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(value: unknown): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

/** `::name key=value,…::message`; a property with an empty value is left out (a space stays, as core writes it). */
function commandLine(name: string, properties: CommandProperties, message: unknown): string {
  let line = `::${name}`
  const keys = Object.keys(properties)
  if (keys.length > 0) {
    const given = keys.filter((key) => properties[key])
    line += ` ${given.map((key) => `${key}=${escapeProperty(properties[key])}`).join(',')}`
  }
  return `${line}::${escapeData(message)}`
}

function issue(name: string, properties: CommandProperties, message: unknown): void {
  process.stdout.write(commandLine(name, properties, message) + EOL)
}

function annotationProperties(properties: AnnotationProperties): CommandProperties {
  if (Object.keys(properties).length === 0) return {}
  return {
    title: properties.title,
    file: properties.file,
    line: properties.startLine,
    endLine: properties.endLine,
    col: properties.startColumn,
    endColumn: properties.endColumn,
  }
}

/** One `key<<delimiter` block: the delimiter is random, so no value can end the block early. */
function keyValueBlock(key: string, value: unknown): string {
  const delimiter = `ghadelimiter_${randomUUID()}`
  const text = commandValue(value)
  if (key.includes(delimiter)) throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`)
  if (text.includes(delimiter)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`)
  }
  return `${key}<<${delimiter}${EOL}${text}${EOL}${delimiter}`
}

function fileCommand(file: 'OUTPUT' | 'STATE', message: string): void {
  const path = process.env[`GITHUB_${file}`]
  if (!path) throw new Error(`Unable to find environment variable for file command ${file}`)
  if (!existsSync(path)) throw new Error(`Missing file at path: ${path}`)
  appendFileSync(path, `${message}${EOL}`, { encoding: 'utf8' })
}

export function getInput(name: string, options?: InputOptions): string {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || ''
  if (options?.required && !value) throw new Error(`Input required and not supplied: ${name}`)
  return options?.trimWhitespace === false ? value : value.trim()
}

export function setOutput(name: string, value: unknown): void {
  if (process.env.GITHUB_OUTPUT) return fileCommand('OUTPUT', keyValueBlock(name, value))
  process.stdout.write(EOL)
  issue('set-output', { name }, commandValue(value))
}

export function saveState(name: string, value: unknown): void {
  if (process.env.GITHUB_STATE) return fileCommand('STATE', keyValueBlock(name, value))
  issue('save-state', { name }, commandValue(value))
}

export function getState(name: string): string {
  return process.env[`STATE_${name}`] || ''
}

export function setSecret(secret: string): void {
  issue('add-mask', {}, secret)
}

type Annotation = (message: string | Error, properties?: AnnotationProperties) => void

function annotation(kind: 'error' | 'warning' | 'notice'): Annotation {
  return (message, properties = {}) =>
    issue(kind, annotationProperties(properties), message instanceof Error ? message.toString() : message)
}

export const error = annotation('error')
export const warning = annotation('warning')
export const notice = annotation('notice')

export function setFailed(message: string | Error): void {
  process.exitCode = 1
  error(message)
}

export function info(message: string): void {
  process.stdout.write(message + EOL)
}

export function debug(message: string): void {
  issue('debug', {}, message)
}

export function startGroup(name: string): void {
  issue('group', {}, name)
}

export function endGroup(): void {
  issue('endgroup', {}, '')
}

/** Appends `markdown` and a line end to the job summary file, as core's `summary.addRaw(markdown, true).write()`. */
export async function appendSummary(markdown: string): Promise<void> {
  const path = process.env.GITHUB_STEP_SUMMARY
  if (!path) {
    throw new Error(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. ' +
        'Check if your runtime environment supports job summaries.',
    )
  }
  try {
    await access(path, constants.R_OK | constants.W_OK)
  } catch {
    throw new Error(`Unable to access summary file: '${path}'. Check if the file has correct read/write permissions.`)
  }
  await appendFile(path, markdown + EOL, { encoding: 'utf8' })
}
